import { Link } from 'react-router-dom';
import { useSiteIdentity } from '@blog/web/data';
import heroImage from '../../assets/hero.webp';

/** The picture built into the site, for a hero without one of the owner's. */
export const DEFAULT_HERO_IMAGE = heroImage;

/** The home page's welcome band (shown on `/` only): greeting, title, text and picture from the general information. */
export function Hero() {
  const site = useSiteIdentity();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <img
        className="hero__image"
        src={site.hero_image_url ?? DEFAULT_HERO_IMAGE}
        alt=""
        width={1600}
        height={640}
        fetchPriority="high"
      />
      <div className="container hero__content">
        {site.hero_greeting && <p className="hero__eyebrow">{site.hero_greeting}</p>}
        <h1 id="hero-title">{site.hero_title}</h1>
        {site.hero_text && <p className="hero__lead">{site.hero_text}</p>}
        <div className="hero__actions">
          <Link className="ui-button" to="/posts">
            Read the blog
          </Link>
          <Link className="ui-button ui-button--light" to="/about">
            About me
          </Link>
        </div>
      </div>
    </section>
  );
}
