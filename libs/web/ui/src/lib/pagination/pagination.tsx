import { Link } from 'react-router-dom';
import { useUiWords } from '../ui-words/ui-words';
import { pageItems } from './page-numbers';
import './pagination.css';

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  pageCount: number;
  /** The address of a page (a link, so that every page can be opened, shared and crawled). */
  hrefFor: (page: number) => string;
  label?: string;
}

/**
 * Previous and next arrows, hidden at the ends, and the page numbers when there is more than one
 * page, the current one highlighted. Renders nothing when there is nothing to move to.
 */
export function Pagination({ page, pageCount, hrefFor, label = 'Pagination' }: PaginationProps) {
  const words = useUiWords();
  const hasPrevious = page > 1;
  const hasNext = page < pageCount;
  const showNumbers = pageCount > 1;
  if (!hasPrevious && !hasNext && !showNumbers) return null;

  return (
    <nav className="ui-pagination" aria-label={label}>
      <ul className="ui-pagination__list">
        {hasPrevious && (
          <li>
            <Link className="ui-pagination__link" to={hrefFor(Math.min(page - 1, pageCount))} rel="prev">
              <span aria-hidden="true">‹</span>
              <span className="visually-hidden">{words.previousPage}</span>
            </Link>
          </li>
        )}
        {showNumbers &&
          pageItems(page, pageCount).map((item, index) =>
            item === 'gap' ? (
              <li key={`gap-${index}`}>
                <span className="ui-pagination__gap" aria-hidden="true">
                  …
                </span>
              </li>
            ) : (
              <li key={item}>
                <Link
                  className="ui-pagination__link"
                  to={hrefFor(item)}
                  aria-current={item === page ? 'page' : undefined}
                  aria-label={words.page(item)}
                >
                  {item}
                </Link>
              </li>
            ),
          )}
        {hasNext && (
          <li>
            <Link className="ui-pagination__link" to={hrefFor(page + 1)} rel="next">
              <span aria-hidden="true">›</span>
              <span className="visually-hidden">{words.nextPage}</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
