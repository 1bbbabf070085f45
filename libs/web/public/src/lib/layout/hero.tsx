import { Link } from 'react-router-dom';
import heroImage from '../../assets/hero.webp';
import { SITE_NAME } from '../site';

/** The home page's welcome band (shown on `/` only). */
export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <img className="hero__image" src={heroImage} alt="" width={1600} height={640} fetchPriority="high" />
      <div className="container hero__content">
        <p className="hero__eyebrow">Xin chào! I&apos;m Phương</p>
        <h1 id="hero-title">{SITE_NAME}</h1>
        <p className="hero__lead">
          Travel stories, poems and English lessons, written by a freelance web developer in Sài Gòn.
        </p>
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
