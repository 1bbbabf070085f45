import { LANGUAGE_LOCALES, portfolioFeedTitle, SITE_FEED_PATHS, type SiteIdentity } from '@blog/contracts';
import { useSiteIdentity } from '@blog/web/data';
import { usePageLanguage, useLocalPath } from '../i18n/language-context';
import type { PageVersion } from '../i18n/site-languages';
import { DEFAULT_HERO_IMAGE } from '../layout/hero';
import { useSiteOrigin } from './site-origin';

/** An image for link previews (Open Graph, Twitter card). */
export interface PreviewImage {
  /** A path on the site (`/uploads/…`) or an absolute URL. */
  src: string;
  width?: number;
  height?: number;
  alt: string;
}

/** The site's own preview image (the home page's hero picture), for pages without one of their own. */
export function sitePreviewImage(site: SiteIdentity): PreviewImage {
  return site.hero_image_url
    ? {
        src: site.hero_image_url,
        width: site.hero_image_width ?? undefined,
        height: site.hero_image_height ?? undefined,
        alt: site.site_name,
      }
    : { src: DEFAULT_HERO_IMAGE, width: 1600, height: 640, alt: site.site_name };
}

export interface PageHeadProps {
  title: string;
  description?: string;
  keywords?: string;
  /** The page's own address (`/posts?page=2`), unprefixed: the canonical URL and `og:url` (`/vi/posts?page=2` on a Vietnamese page). */
  path?: string;
  /**
   * The page's other versions, public and answering 200 (its translations): with at least one, every
   * version is listed as an hreflang alternate (this one too), with `x-default`.
   */
  translations?: readonly PageVersion[];
  /** Keeps search engines away (the not-found screen, search results). */
  noIndex?: boolean;
  image?: PreviewImage;
  /** A post is an article; every other page a website. */
  article?: { publishedTime: string; modifiedTime: string; section: string };
  /** The portfolio's pages announce its feed (`/portfolio/rss.xml`) beside the site's. */
  portfolioFeed?: boolean;
}

/**
 * The document's title, meta tags, canonical URL and link-preview tags (the site's name, description
 * and hero picture where the page has none of its own). React 19 moves them into <head> (the server
 * renders them there), and takes them away when the page goes.
 */
export function PageHead({
  title,
  description,
  keywords,
  path,
  noIndex = false,
  image,
  article,
  portfolioFeed = false,
  translations = [],
}: PageHeadProps) {
  const { language, defaultLanguage } = usePageLanguage();
  const local = useLocalPath();
  const site = useSiteIdentity();
  description ??= site.site_description;
  image ??= sitePreviewImage(site);
  const origin = useSiteOrigin();
  const absolute = (src: string) => (origin ? new URL(src, `${origin}/`).href : src);
  const url = path === undefined ? undefined : absolute(local(path));
  // Google's rule: each version lists itself and every translation; x-default is the default language's.
  const versions = url && translations.length > 0 ? [{ language, path: local(path ?? '') }, ...translations] : [];
  const xDefault = versions.find((version) => version.language === defaultLanguage) ?? versions[0];
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {keywords && <meta name="keywords" content={keywords} />}
      {noIndex && <meta name="robots" content="noindex, nofollow" />}
      {url && <link rel="canonical" href={url} />}
      {versions.map((version) => (
        <link key={version.language} rel="alternate" hrefLang={version.language} href={absolute(version.path)} />
      ))}
      {xDefault && <link rel="alternate" hrefLang="x-default" href={absolute(xDefault.path)} />}
      <link rel="alternate" type="application/rss+xml" title={site.site_name} href={local(SITE_FEED_PATHS.rss)} />
      {portfolioFeed && (
        <link
          rel="alternate"
          type="application/rss+xml"
          title={portfolioFeedTitle(site.site_name)}
          href={SITE_FEED_PATHS.portfolioRss}
        />
      )}
      <meta property="og:site_name" content={site.site_name} />
      <meta property="og:type" content={article ? 'article' : 'website'} />
      <meta property="og:locale" content={LANGUAGE_LOCALES[language]} />
      {translations.map((version) => (
        <meta key={version.language} property="og:locale:alternate" content={LANGUAGE_LOCALES[version.language]} />
      ))}
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {url && <meta property="og:url" content={url} />}
      <meta property="og:image" content={absolute(image.src)} />
      {image.width && <meta property="og:image:width" content={String(image.width)} />}
      {image.height && <meta property="og:image:height" content={String(image.height)} />}
      <meta property="og:image:alt" content={image.alt} />
      {article && <meta property="article:published_time" content={article.publishedTime} />}
      {article && <meta property="article:modified_time" content={article.modifiedTime} />}
      {article && <meta property="article:section" content={article.section} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={absolute(image.src)} />
      <meta name="twitter:image:alt" content={image.alt} />
    </>
  );
}
