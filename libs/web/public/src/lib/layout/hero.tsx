import { Link } from 'react-router-dom';
import { useSiteIdentity } from '@blog/web/data';
import { UploadedPicture } from '@blog/web/ui';
import heroImage from '../../assets/hero.webp';
import { useLocalPath, useT } from '../i18n/language-context';
import { AvailabilityLine } from './availability-line';

/** The picture built into the site, for a hero without one of the owner's. */
export const DEFAULT_HERO_IMAGE = heroImage;

/** The home page's welcome band (shown on `/` only): greeting, title, text, availability and picture from the general information. */
export function Hero() {
  const site = useSiteIdentity();
  const t = useT();
  const local = useLocalPath();
  const picture = { className: 'hero__image', alt: '', width: 1600, height: 640, fetchPriority: 'high' } as const;
  return (
    <section className="hero" aria-labelledby="hero-title">
      {site.hero_image ? (
        // The owner's picture, as responsive variants: an upload may be a camera's full-size photo.
        <UploadedPicture {...picture} fileName={site.hero_image} naturalWidth={site.hero_image_width} sizes="100vw" />
      ) : (
        <img {...picture} src={DEFAULT_HERO_IMAGE} />
      )}
      <div className="container hero__content">
        {site.hero_greeting && <p className="hero__eyebrow">{site.hero_greeting}</p>}
        <h1 id="hero-title">{site.hero_title}</h1>
        {site.hero_text && <p className="hero__lead">{site.hero_text}</p>}
        <AvailabilityLine className="hero__availability" />
        <div className="hero__actions">
          <Link className="ui-button" to={local('/posts')}>
            {t('layout.readTheBlog')}
          </Link>
          <Link className="ui-button ui-button--light" to={local('/about')}>
            {t('layout.aboutMe')}
          </Link>
        </div>
      </div>
    </section>
  );
}
