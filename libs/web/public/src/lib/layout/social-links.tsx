import { SOCIAL_LINKS } from '../site';
import { SocialIcon } from './icons';

/** The owner's three social networks, opening in a new tab. */
export function SocialLinks({ className = '' }: { className?: string }) {
  return (
    <ul className={`social-links ${className}`.trim()}>
      {SOCIAL_LINKS.map((link) => (
        <li key={link.network}>
          <a href={link.href} target="_blank" rel="noopener noreferrer" aria-label={`${link.network} (opens in a new tab)`}>
            <SocialIcon network={link.network} />
          </a>
        </li>
      ))}
    </ul>
  );
}
