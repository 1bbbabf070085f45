import type { VocabularyEntry } from '@blog/shared/html/vocabulary';
import {
  commentAnchor,
  type Language,
  type PublicComment,
  type PublicThreadComment,
  type SiteIdentity,
} from '@blog/contracts';
import type { Translate } from '../i18n/i18n';
import { FREE_COURSES } from '../site';

/** The site's author, who writes every post and offers the courses (a page at `/about`). */
const authorOf = (origin: string, site: SiteIdentity) => ({
  '@type': 'Person',
  name: site.author_name,
  url: `${origin}/about`,
});

/**
 * The WebSite on the home page: a site offering three free courses (SEO, computing tips, English),
 * searchable; its words in the page's language (`t`).
 */
export function websiteStructuredData(origin: string, site: SiteIdentity, t: Translate): Record<string, unknown> {
  const author = authorOf(origin, site);
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: site.site_name,
    url: `${origin}/`,
    description: `${site.site_description} ${t('home.freeCourses')}`,
    inLanguage: ['en', 'vi'],
    author,
    hasPart: FREE_COURSES.map((course) => ({
      '@type': 'Course',
      name: t(`courses.${course.key}.name`),
      description: t(`courses.${course.key}.description`),
      url: `${origin}/category/${course.slug}`,
      isAccessibleForFree: true,
      provider: author,
      offers: { '@type': 'Offer', category: 'Free', price: 0, priceCurrency: 'VND' },
    })),
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?key={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** A step of a breadcrumb: its name and the site path it links to. */
export interface BreadcrumbStep {
  label: string;
  to: string;
}

/** Home › … › the page, for every page that shows a breadcrumb. */
export function breadcrumbStructuredData(origin: string, steps: BreadcrumbStep[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.label,
      item: `${origin}${step.to}`,
    })),
  };
}

export interface BlogPostingFacts {
  path: string;
  headline: string;
  description: string;
  keywords: string;
  datePublished: string;
  dateModified: string;
  section: string;
  /** Absolute URL of the post's image, if it has one. */
  image?: { url: string; width?: number; height?: number };
  /** Absolute URL of the site's logo, if it has one. */
  logo?: string;
  /** The approved comments (threads, replies under their parent) and their count, replies included. */
  comments?: { count: number; threads: readonly PublicThreadComment[] };
  /** The post's language and its public translations, said on a site that runs more than one language. */
  languages?: WorkLanguages;
}

/** A version of a work in another language: its id (the lowest is the first written), language and site path. */
export interface WorkVersion {
  id: number;
  language: Language;
  path: string;
}

/** A work's (a post's, a project's) language and its versions in other languages the public may read. */
export interface WorkLanguages {
  id: number;
  language: Language;
  translations: readonly WorkVersion[];
}

/**
 * The work's language and how its versions relate (schema.org): the first written (lowest id) names
 * the others as its `workTranslation`; each other names it as its `translationOfWork`. `type` is the
 * work's own schema.org type, which its versions share.
 */
function languagesStructuredData(origin: string, type: string, { id, language, translations }: WorkLanguages) {
  const work = (version: WorkVersion) => ({
    '@type': type,
    url: `${origin}${version.path}`,
    inLanguage: version.language,
  });
  const original = translations.reduce<WorkVersion | undefined>(
    (first, version) => (version.id < (first?.id ?? id) ? version : first),
    undefined,
  );
  return {
    inLanguage: language,
    ...(translations.length > 0 &&
      (original ? { translationOfWork: work(original) } : { workTranslation: translations.map(work) })),
  };
}

/**
 * The threads a post's structured data names, the newest: the thread is in the page already, and naming
 * every one again would make a long discussion's page heavier for nothing (`commentCount` counts all).
 */
export const STRUCTURED_DATA_COMMENT_THREADS = 10;

/** A reader's comment as schema.org's Comment, its replies nested (`comment`). */
function commentStructuredData(url: string, comment: PublicThreadComment | PublicComment): Record<string, unknown> {
  const replies = 'replies' in comment ? comment.replies : [];
  return {
    '@type': 'Comment',
    url: `${url}#${commentAnchor(comment.id)}`,
    author: { '@type': 'Person', name: comment.author_name },
    dateCreated: comment.created_at,
    text: comment.body,
    ...(replies.length > 0 && { comment: replies.map((reply) => commentStructuredData(url, reply)) }),
  };
}

/** A post as schema.org's BlogPosting: what search engines show as an article result. */
export function blogPostingStructuredData(
  origin: string,
  site: SiteIdentity,
  post: BlogPostingFacts,
): Record<string, unknown> {
  const url = `${origin}${post.path}`;
  const author = authorOf(origin, site);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    headline: post.headline,
    description: post.description,
    ...(post.keywords && { keywords: post.keywords }),
    articleSection: post.section,
    ...(post.languages && languagesStructuredData(origin, 'BlogPosting', post.languages)),
    datePublished: post.datePublished,
    dateModified: post.dateModified,
    author,
    publisher: {
      ...author,
      ...(post.logo && { logo: { '@type': 'ImageObject', url: post.logo } }),
    },
    // A post without comments says nothing of them.
    ...(post.comments?.count && {
      commentCount: post.comments.count,
      comment: post.comments.threads
        .slice(-STRUCTURED_DATA_COMMENT_THREADS)
        .map((comment) => commentStructuredData(url, comment)),
    }),
    ...(post.image && {
      image: {
        '@type': 'ImageObject',
        url: post.image.url,
        ...(post.image.width && { width: post.image.width }),
        ...(post.image.height && { height: post.image.height }),
      },
    }),
  };
}

/**
 * A lesson's vocabulary as schema.org's DefinedTermSet of DefinedTerms (the word, its Vietnamese
 * meaning and part of speech), for search engines and learning tools.
 */
export function definedTermSetStructuredData(
  origin: string,
  post: { path: string; title: string },
  entries: readonly VocabularyEntry[],
): Record<string, unknown> {
  const id = `${origin}${post.path}#vocabulary`;
  return {
    '@context': 'https://schema.org',
    '@type': 'DefinedTermSet',
    '@id': id,
    name: `Vocabulary: ${post.title}`,
    url: `${origin}${post.path}`,
    inLanguage: 'en',
    hasDefinedTerm: entries.map((entry) => ({
      '@type': 'DefinedTerm',
      name: entry.word,
      ...(entry.meaning && { description: entry.pos ? `(${entry.pos}) ${entry.meaning}` : entry.meaning }),
      inDefinedTermSet: id,
    })),
  };
}

export interface CreativeWorkFacts {
  path: string;
  name: string;
  description: string;
  /** The years it was made in ("2024", "2022–2024"). */
  dateCreated: string;
  keywords: readonly string[];
  client?: { name: string; url: string | null };
  /** Absolute URL of its cover. */
  image?: string;
  dateModified: string;
  /** The project's language and its public translations, said on a site that runs more than one language. */
  languages?: WorkLanguages;
}

/**
 * A project as schema.org's CreativeWork, made by the site's author. No Review or rating: search
 * engines ignore a site's stars about itself (self-serving reviews), so none is claimed.
 */
export function creativeWorkStructuredData(
  origin: string,
  site: SiteIdentity,
  work: CreativeWorkFacts,
): Record<string, unknown> {
  const url = `${origin}${work.path}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    '@id': url,
    url,
    name: work.name,
    description: work.description,
    dateCreated: work.dateCreated,
    dateModified: work.dateModified,
    creator: authorOf(origin, site),
    ...(work.languages && languagesStructuredData(origin, 'CreativeWork', work.languages)),
    ...(work.keywords.length > 0 && { keywords: work.keywords.join(', ') }),
    ...(work.client?.name && {
      sourceOrganization: {
        '@type': 'Organization',
        name: work.client.name,
        ...(work.client.url && { url: work.client.url }),
      },
    }),
    ...(work.image && { image: work.image }),
  };
}

export interface ServiceFacts {
  slug: string;
  name: string;
  description: string;
  /** The "from" price in dong; null: on request. */
  priceVnd: number | null;
}

/**
 * The services page's services as schema.org's Service, each provided by the site's author, with an
 * Offer in VND: a "from" price is the least of a price range; a service on request names no price.
 */
export function servicesStructuredData(
  origin: string,
  site: SiteIdentity,
  path: string,
  services: readonly ServiceFacts[],
): Record<string, unknown> {
  const provider = authorOf(origin, site);
  return {
    '@context': 'https://schema.org',
    '@graph': services.map((service) => ({
      '@type': 'Service',
      '@id': `${origin}${path}#${service.slug}`,
      url: `${origin}${path}#${service.slug}`,
      name: service.name,
      description: service.description,
      provider,
      offers: {
        '@type': 'Offer',
        priceCurrency: 'VND',
        ...(service.priceVnd !== null && {
          priceSpecification: { '@type': 'PriceSpecification', minPrice: service.priceVnd, priceCurrency: 'VND' },
        }),
      },
    })),
  };
}
