import { SOCIAL_NETWORKS } from '@blog/contracts';
import { useT } from '../i18n/language-context';
import { SocialIcon } from './icons';
import { useGeneralInfo } from './use-general-info';

/**
 * The owner's social profiles set in General information, opening in a new tab; a network she has not
 * set gets no link, and none set draws nothing. `rel="me"` tells the profiles are hers.
 */
export function SocialLinks({ className = '' }: { className?: string }) {
  const { info } = useGeneralInfo();
  const t = useT();
  const links = SOCIAL_NETWORKS.flatMap(({ field, network }) =>
    info?.[field] ? [{ network, href: info[field] }] : [],
  );
  if (links.length === 0) return null;
  return (
    <ul className={`social-links ${className}`.trim()}>
      {links.map((link) => (
        <li key={link.network}>
          <a
            href={link.href}
            target="_blank"
            rel="me noopener"
            aria-label={t('layout.opensInNewTab', { network: link.network })}
          >
            <SocialIcon network={link.network} />
          </a>
        </li>
      ))}
    </ul>
  );
}
