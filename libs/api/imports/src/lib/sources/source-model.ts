import { richTextBoundsProblem } from '@blog/shared/html';

/**
 * What every importer (WordPress WXR, Ghost JSON, our own archive) reads its file into: one model,
 * so that the import runner (dry run, idempotency, images, redirects, the posts service) is written once.
 * Nothing here is stored as it is: the runner maps images to our uploads, sanitises the HTML with the one
 * rich-text policy (through the posts service) and remembers each source key it created.
 */

/** Where a source item came from, unique within that source (`wp:post:123`, `ghost:tag:5f3…`). */
export type SourceKey = string;

export interface SourceCategory {
  key: SourceKey;
  name: string;
  /** The slug the source used (decoded: `%c4%91` → `đ`), made valid by the runner. */
  slug: string;
  /** Old public paths of the category (`/category/travel/`, `/tag/du-lich/`), redirected to its new address. */
  oldPaths: string[];
  /** Its language as the source named it (`vi`), when the source says; the runner falls back to the site's default. */
  language?: string;
  /** Its translation group at the source: the categories with the same key are versions of one. */
  translationKey?: SourceKey;
}

/** Where an image can be had: its address as the source wrote it. */
export interface SourceImage {
  /** Absolute URL (`https://example.com/wp-content/uploads/2019/05/a.jpg`) or a placeholder URL the source maps (`__GHOST_URL__/content/images/a.jpg`). */
  url: string;
  alt: string;
  /** Plain text. */
  caption: string;
}

export type SourcePostState = 'published' | 'draft' | 'scheduled' | 'hidden';

export interface SourcePost {
  key: SourceKey;
  /** A page becomes a post of the category the owner picks for pages. */
  kind: 'post' | 'page';
  title: string;
  /** Decoded; empty when the source has none (a draft): the runner makes one from the title. */
  slug: string;
  /**
   * The body as HTML, cleaned of the source's own markup (Gutenberg comments, shortcodes turned into
   * figures, Ghost cards) but with image addresses as the source wrote them: the runner maps every
   * `<img src>`, `srcset` and `<a href>` to an image to our uploads.
   */
  html: string;
  /** The excerpt as HTML ('' when none). */
  excerptHtml: string;
  /** The key of its category (a post's first category, Ghost's primary tag); null for none (and pages). */
  categoryKey: SourceKey | null;
  /** Other categories and tags: they become the post's meta keywords. */
  keywords: string[];
  featuredImage: SourceImage | null;
  metaTitle: string;
  metaDescription: string;
  /** A focus keyword (Yoast, Rank Math), put first among the keywords. */
  focusKeyword: string;
  state: SourcePostState;
  /** ISO 8601 in UTC; null for a draft. */
  publishedAt: string | null;
  /** ISO 8601 in UTC, when the source has it. */
  updatedAt: string | null;
  /** Names or logins of the authors, noted in the report. */
  authors: string[];
  /** Old public paths (`/2019/05/08/slug/`, `/slug/`, `/?p=123`, `/page-slug/`), redirected to the post's new address. */
  oldPaths: string[];
  /** What could not be carried over (an unknown shortcode, a password, a members-only visibility), for the report. */
  warnings: string[];
  /** Why the post cannot be imported, found while reading it (`content: nested deeper than 256 elements`): reported failed, nothing written. */
  failure?: string;
  /** Its readers' comments worth keeping (approved or held), parents before their replies. */
  comments: SourceComment[];
  /** Its language as the source named it (`vi`), when the source says; the runner falls back to the site's default. */
  language?: string;
  /** Its translation group at the source: the posts with the same key are versions of one. */
  translationKey?: SourceKey;
}

/**
 * A reader's comment under a post, as the source kept it: shown (`approved`) or held (`pending`); the
 * source's spam, trash, pingbacks and trackbacks are never read into one (the reader counts them in a
 * warning). Threads are one level deep here: a reply to a reply is under its top-level comment.
 */
export interface SourceComment {
  key: SourceKey;
  /** The top-level comment it answers, among the post's `comments`; null for a top-level one. */
  parentKey: SourceKey | null;
  authorName: string;
  authorEmail: string;
  authorUrl: string;
  /** Plain text: paragraphs and line breaks, links as their addresses; never HTML. */
  body: string;
  state: 'approved' | 'pending';
  /** Written by the post's author. */
  byOwner: boolean;
  /** ISO 8601 in UTC; null when the source's date cannot be read (the import's time is taken). */
  createdAt: string | null;
}

/**
 * The first of a post's HTML fields out of the rich-text bounds, as a failure
 * (`content: nested deeper than 256 elements`), or null: readers check before they parse any of it.
 */
export function richTextFailure(fields: Record<string, string>): string | null {
  for (const [field, html] of Object.entries(fields)) {
    const problem = richTextBoundsProblem(html);
    if (problem) return `${field}: ${problem}`;
  }
  return null;
}

/** A post that cannot be imported: only what names it in the report, and why. */
export function failedPost(key: SourceKey, kind: SourcePost['kind'], title: string, failure: string): SourcePost {
  return {
    key,
    kind,
    title,
    slug: '',
    html: '',
    excerptHtml: '',
    categoryKey: null,
    keywords: [],
    featuredImage: null,
    metaTitle: '',
    metaDescription: '',
    focusKeyword: '',
    state: 'draft',
    publishedAt: null,
    updatedAt: null,
    authors: [],
    oldPaths: [],
    warnings: [],
    failure,
    comments: [],
  };
}

/**
 * A portfolio item (WordPress's Jetpack Portfolio): it becomes a project, its body the case study.
 * Images as in a post: the runner brings them over.
 */
export interface SourceProject {
  key: SourceKey;
  title: string;
  /** Decoded; empty when the source has none: the runner makes one from the title. */
  slug: string;
  /** The body as HTML, cleaned as a post's. */
  html: string;
  /** The excerpt as plain text ('' when none): the project's summary. */
  summary: string;
  /** Its types and tags as the source named them: they become the stack. */
  stack: string[];
  featuredImage: SourceImage | null;
  state: SourcePostState;
  /** ISO 8601 in UTC; null for a draft. */
  publishedAt: string | null;
  /** ISO 8601 in UTC: when the item was written (its year dates the project). */
  writtenAt: string | null;
  /** Old public paths, redirected to the project's page. */
  oldPaths: string[];
  warnings: string[];
  failure?: string;
}

/** A client's words (WordPress's Jetpack Testimonial): a testimonial. */
export interface SourceTestimonial {
  key: SourceKey;
  /** The person quoted. */
  name: string;
  /** Plain text. */
  quote: string;
  photo: SourceImage | null;
  /** Shown only when published at the source. */
  state: SourcePostState;
  /** ISO 8601 in UTC: when the item was written, which stands for the day the person agreed to be quoted. */
  writtenAt: string | null;
  warnings: string[];
}

/** An old path with no post or category of its own (an attachment page): redirected to a post or an image. */
export interface SourceRedirect {
  from: string;
  /** The post it belongs to (its new address), else an image URL (its new upload's address). */
  to: { postKey: SourceKey } | { imageUrl: string };
}

/** What the file says of the old site, yielded first. */
export interface SourceSiteInfo {
  /** The old site's public origin when the file says it (`https://example.com`): links to it become relative. */
  origin: string | null;
  /** How many posts, pages, projects and testimonials the reader will yield (for the progress bar). */
  totalPosts: number;
  /** Problems with the file as a whole that did not stop the reading. */
  warnings: string[];
}

/**
 * What a reader yields, streaming, in this order: the site info once, every category, then the posts
 * (and portfolio items: projects and testimonials) and redirects. A reader holds no whole-file document: it may read its file twice (a first pass for
 * what the posts refer to, such as WordPress's attachments and counts) but keeps only small maps.
 */
export type SourceItem =
  | ({ type: 'site' } & SourceSiteInfo)
  | ({ type: 'category' } & SourceCategory)
  | ({ type: 'post' } & SourcePost)
  | ({ type: 'project' } & SourceProject)
  | ({ type: 'testimonial' } & SourceTestimonial)
  | ({ type: 'redirect' } & SourceRedirect);

/** A reader's refusal of the file itself (malformed, truncated, hostile): a 400 naming the field, nothing written. */
export class SourceFileError extends Error {
  constructor(
    /** The multipart field of the file at fault: `file` or `images`. */
    readonly field: 'file' | 'images',
    message: string,
  ) {
    super(message);
    this.name = 'SourceFileError';
  }
}

/**
 * Finds an image's bytes for a source URL: from the uploaded images zip when the owner gave one,
 * else through the guarded fetch. Each reader says how its URLs map to paths inside its zip, and which
 * URLs are variants of one original (WordPress's `-300x200` suffix, Ghost's `/size/w600/`).
 */
export interface SourceImagePaths {
  /** The original's URL for a variant's (`a-300x200.jpg` → `a.jpg`); the URL itself otherwise. */
  originalUrl(url: string): string;
  /** The path of the image inside the uploaded images zip (`2019/05/a.jpg`), or null when the URL is not one of the site's uploads. */
  zipPath(url: string): string | null;
  /** The URL to fetch when no zip has it (Ghost's `__GHOST_URL__` has none: null). */
  fetchUrl(url: string): string | null;
}
