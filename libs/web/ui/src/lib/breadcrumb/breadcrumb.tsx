import { Link } from 'react-router-dom';
import { useUiWords } from '../ui-words/ui-words';
import './breadcrumb.css';

export interface BreadcrumbItem {
  label: string;
  /** Where the item links; the last item (the current page) has none. */
  to?: string;
}

/** "Home › Posts": where the page sits in the site. */
export function Breadcrumb({ items }: { items: BreadcrumbItem[] }) {
  return (
    <nav className="ui-breadcrumb" aria-label={useUiWords().breadcrumb}>
      <ol>
        {items.map((item, index) => {
          const isCurrent = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`}>
              {item.to && !isCurrent ? (
                <Link to={item.to}>{item.label}</Link>
              ) : (
                <span aria-current={isCurrent ? 'page' : undefined}>{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
