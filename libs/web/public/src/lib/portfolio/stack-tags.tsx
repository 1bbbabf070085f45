import { Link } from 'react-router-dom';
import { useLocalPath } from '../i18n/language-context';
import { portfolioHref } from './portfolio-links';

/** A project's stack, each tag a link to the projects that use it. */
export function StackTags({ stack, label }: { stack: readonly string[]; label: string }) {
  const local = useLocalPath();
  if (stack.length === 0) return null;
  return (
    <ul className="stack-tags" aria-label={label}>
      {stack.map((tag) => (
        <li key={tag}>
          <Link className="stack-tag" to={local(portfolioHref({ stack: tag }))}>
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
