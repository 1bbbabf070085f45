import { commentText, oneLevelThreads } from '../source-comments';
import {
  failedPost,
  richTextFailure,
  type SourceCategory,
  type SourceComment,
  type SourceImage,
  type SourceItem,
  type SourceKey,
  type SourcePost,
  type SourcePostState,
  type SourceProject,
  type SourceRedirect,
  type SourceTestimonial,
} from '../source-model';
import {
  plainText,
  wordPressExcerptHtml,
  wordPressHtml,
  wpautop,
  type WordPressAttachmentImage,
  type WordPressHtmlContext,
} from './wordpress-html';
import { WordPressLanguages, type SourceLanguage } from './wordpress-languages';
import { decodePercent, oldPath } from './wordpress-paths';
import { readWxr, type WxrRecord } from './wxr-xml';

/** WordPress's own bookkeeping in an export, never anyone's content: skipped without a word. */
const BOOKKEEPING_TYPES = new Set([
  'attachment',
  'nav_menu_item',
  'revision',
  'custom_css',
  'customize_changeset',
  'oembed_cache',
  'user_request',
  'wp_global_styles',
  'wp_navigation',
  'wp_template',
  'wp_template_part',
  'wp_font_family',
  'wp_font_face',
]);

/** Jetpack's custom post types: its portfolio's projects and its testimonials. */
const PORTFOLIO_TYPE = 'jetpack-portfolio';
const TESTIMONIAL_TYPE = 'jetpack-testimonial';
/** The portfolio's taxonomies (project types and tags): they become a project's stack. */
const PORTFOLIO_TERMS = new Set(['jetpack-portfolio-type', 'jetpack-portfolio-tag']);

interface Attachment extends WordPressAttachmentImage {
  id: string;
  parent: string;
  link: string;
  order: number;
}

interface Category {
  slug: string;
  name: string;
  /** The parent's slug, '' for none. */
  parent: string;
  /** Its term id ('' when the file gives none): Polylang's groups name categories by it. */
  termId: string;
}

/** What the first pass learns: small maps the posts refer to, never a post's body. */
interface WordPressIndex {
  siteName: string;
  origin: string | null;
  /** The blog's folder on its host (`/blog` for `https://example.com/blog`), '' at the root. */
  basePath: string;
  /** Whether the site's permalinks end in `/` (`/%postname%/`, WordPress's default) or not. */
  trailingSlash: boolean;
  /** The site's time zone as `wp:post_date` minus `wp:post_date_gmt` in ms, from the first post that has both. */
  utcOffset: number;
  authors: Map<string, string>;
  /** The authors' WordPress user ids and e-mails by login: a comment of theirs is the owner's. */
  accounts: Map<string, { id: string; email: string }>;
  categories: Map<string, Category>;
  attachments: Map<string, Attachment>;
  postIds: Set<string>;
  /** Jetpack's portfolio items and testimonials. */
  portfolioIds: Set<string>;
  /** Polylang's and WPML's language data (`WordPressLanguages`). */
  languages: WordPressLanguages;
  /** The languages of the posts filed under each category (by slug): a category of one language's posts is in it. */
  postLanguagesByCategory: Map<string, Set<string>>;
  warnings: string[];
}

/**
 * Reads a WordPress export (WXR 1.0–1.2, from Tools → Export) into the source model, streaming: a first
 * pass collects the site, its categories and attachments (no post bodies), a second yields the posts and
 * pages one at a time; then the attachment pages' redirects. A file that cannot be read as a WordPress
 * export throws a SourceFileError before anything is yielded (see readWxr).
 */
export async function* readWordPress(path: string): AsyncGenerator<SourceItem> {
  const index = await indexWordPress(path);
  const totalPosts = index.postIds.size + index.portfolioIds.size;
  yield { type: 'site', origin: index.origin, totalPosts, warnings: index.warnings };
  for (const category of index.categories.values()) yield { type: 'category', ...toCategory(category, index) };
  for await (const event of readWxr(path)) {
    if (event.type !== 'record' || event.element !== 'item') continue;
    const id = event.fields.get('wp:post_id')?.trim() ?? '';
    const type = event.fields.get('wp:post_type')?.trim();
    if (index.portfolioIds.has(id) && type === PORTFOLIO_TYPE) yield { type: 'project', ...toProject(event, index) };
    else if (index.portfolioIds.has(id) && type === TESTIMONIAL_TYPE)
      yield { type: 'testimonial', ...toTestimonial(event, index) };
    else {
      const post = toPost(event, index);
      if (post) yield { type: 'post', ...post };
    }
  }
  for (const attachment of index.attachments.values()) {
    for (const redirect of attachmentRedirects(attachment, index)) yield { type: 'redirect', ...redirect };
  }
}

async function indexWordPress(path: string): Promise<WordPressIndex> {
  const channel = new Map<string, string>();
  const authors = new Map<string, string>();
  const accounts = new Map<string, { id: string; email: string }>();
  const categories = new Map<string, Category>();
  const attachments = new Map<string, Attachment>();
  const postIds = new Set<string>();
  const portfolioIds = new Set<string>();
  const otherTypes = new Map<string, number>();
  let droppedComments = 0;
  let trashed = 0;
  let withoutId = 0;
  let linksWithSlash = 0;
  let linksWithout = 0;
  let utcOffset: number | null = null;
  const languages = new WordPressLanguages();
  const postLanguagesByCategory = new Map<string, Set<string>>();
  const addCategory = (nicename: string, name: string, parent: string, termId = '') => {
    const slug = categorySlug(nicename, name);
    const known = categories.get(slug);
    if (known && !known.termId) known.termId = termId;
    if (slug && !known)
      categories.set(slug, { slug, name: plainText(name) || slug, parent: decodePercent(parent.trim()), termId });
  };

  for await (const event of readWxr(path, { skipFields: new Set(['content:encoded']) })) {
    if (event.type === 'channel') {
      if (!channel.has(event.name)) channel.set(event.name, event.value.trim());
      continue;
    }
    const field = (name: string) => event.fields.get(name)?.trim() ?? '';
    if (event.element === 'wp:category') {
      addCategory(
        field('wp:category_nicename'),
        field('wp:cat_name'),
        field('wp:category_parent'),
        field('wp:term_id'),
      );
    } else if (event.element === 'wp:term' && field('wp:term_taxonomy') === 'category') {
      addCategory(field('wp:term_slug'), field('wp:term_name'), field('wp:term_parent'), field('wp:term_id'));
    } else if (event.element === 'wp:term') {
      languages.addTerm(field('wp:term_taxonomy'), field('wp:term_slug'), field('wp:term_description'));
    } else if (event.element === 'wp:author' && field('wp:author_login')) {
      authors.set(field('wp:author_login'), plainText(field('wp:author_display_name')) || field('wp:author_login'));
      accounts.set(field('wp:author_login'), {
        id: field('wp:author_id'),
        email: field('wp:author_email').toLowerCase(),
      });
    } else if (event.element === 'item') {
      const id = field('wp:post_id');
      const type = field('wp:post_type') || 'post';
      if (type === 'post' || type === 'page') {
        if (!/^\d+$/.test(id)) withoutId++;
        else if (field('wp:status') === 'trash') trashed++;
        else {
          postIds.add(id);
          const local = wpDate(field('wp:post_date'));
          const utc = wpDate(field('wp:post_date_gmt'));
          if (utcOffset === null && local && utc) utcOffset = Date.parse(local) - Date.parse(utc);
          droppedComments += event.comments.filter((comment) => !keptComment(comment)).length;
          const filedUnder = event.terms.filter((term) => term.domain === 'category');
          for (const term of filedUnder) addCategory(term.nicename, term.name, '');
          // The export lists its terms (Polylang's groups among them) before its items.
          const { language } = languages.ofPost(event, id);
          if (filedUnder[0] && language) {
            const slug = categorySlug(filedUnder[0].nicename, filedUnder[0].name);
            postLanguagesByCategory.set(slug, (postLanguagesByCategory.get(slug) ?? new Set()).add(language));
          }
          const link = oldPath(field('link')) ?? '';
          if (link.length > 1 && !link.includes('?')) {
            if (link.endsWith('/')) linksWithSlash++;
            else linksWithout++;
          }
        }
      } else if ((type === PORTFOLIO_TYPE || type === TESTIMONIAL_TYPE) && /^\d+$/.test(id)) {
        if (field('wp:status') === 'trash') trashed++;
        else portfolioIds.add(id);
      } else if (type === 'attachment' && /^\d+$/.test(id)) {
        attachments.set(id, {
          id,
          url: field('wp:attachment_url') || field('guid'),
          alt: event.meta.get('_wp_attachment_image_alt')?.trim() ?? '',
          caption: plainText(field('excerpt:encoded')),
          parent: field('wp:post_parent'),
          link: field('link'),
          order: Number(field('wp:menu_order')) || 0,
        });
      } else if (!BOOKKEEPING_TYPES.has(type)) {
        otherTypes.set(type, (otherTypes.get(type) ?? 0) + 1);
      }
    }
  }

  const warnings: string[] = [];
  const site = siteAddress(channel.get('wp:base_blog_url') || channel.get('link') || '');
  if (!site) warnings.push('The file does not give the old site’s address: links to it stay as they are.');
  if (withoutId > 0)
    warnings.push(`${withoutId} post${plural(withoutId)} without an ID (wp:post_id) could not be read: left out.`);
  if (trashed > 0) warnings.push(`${trashed} post${plural(trashed)} in WordPress’s trash: left out.`);
  if (droppedComments > 0) {
    warnings.push(
      `${droppedComments} comment${plural(droppedComments)} left out: spam, trash, pingbacks and trackbacks.`,
    );
  }
  for (const [type, count] of otherTypes) {
    warnings.push(`${count} item${plural(count)} of the type “${type}” (neither posts nor pages): not imported.`);
  }
  return {
    siteName: plainText(channel.get('title') ?? ''),
    origin: site?.origin ?? null,
    basePath: site?.basePath ?? '',
    trailingSlash: linksWithSlash >= linksWithout,
    utcOffset: utcOffset ?? 0,
    authors,
    accounts,
    categories,
    attachments,
    postIds,
    portfolioIds,
    languages,
    postLanguagesByCategory,
    warnings,
  };
}

function siteAddress(url: string): { origin: string; basePath: string } | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return { origin: parsed.origin, basePath: decodePercent(parsed.pathname).replace(/\/+$/, '') };
  } catch {
    return null;
  }
}

function categorySlug(nicename: string, name: string): string {
  return decodePercent(nicename.trim()) || plainText(name);
}

function categoryKey(slug: string): SourceKey {
  return `wp:category:${slug}`;
}

function postKey(id: string): SourceKey {
  return `wp:post:${id}`;
}

/** `/category/child/`, and for a nested one the address WordPress links to, `/category/parent/child/`. */
function toCategory(category: Category, index: WordPressIndex): SourceCategory {
  const lineage = [category.slug];
  for (let parent = index.categories.get(category.parent); parent && !lineage.includes(parent.slug);) {
    lineage.unshift(parent.slug);
    parent = index.categories.get(parent.parent);
  }
  const end = index.trailingSlash ? '/' : '';
  const oldPaths = [`${index.basePath}/category/${category.slug}${end}`];
  if (lineage.length > 1) oldPaths.push(`${index.basePath}/category/${lineage.join('/')}${end}`);
  return {
    key: categoryKey(category.slug),
    name: category.name,
    slug: category.slug,
    oldPaths,
    ...categoryLanguage(category, index),
  };
}

/**
 * A category's language and group as Polylang wrote them; without them (WPML's export has none), the
 * language of its posts when they all have one.
 */
function categoryLanguage(category: Category, index: WordPressIndex): SourceLanguage {
  const written = category.termId ? index.languages.ofTerm(category.termId) : {};
  if (written.language) return written;
  const [only, ...more] = index.postLanguagesByCategory.get(category.slug) ?? [];
  return only && more.length === 0 ? { language: only } : {};
}

function toPost(item: WxrRecord, index: WordPressIndex): SourcePost | null {
  const field = (name: string) => item.fields.get(name)?.trim() ?? '';
  const id = field('wp:post_id');
  const kind = field('wp:post_type') || 'post';
  if ((kind !== 'post' && kind !== 'page') || !index.postIds.has(id)) return null;
  const title = plainText(field('title'));
  const failure = richTextFailure({
    content: item.fields.get('content:encoded') ?? '',
    excerpt: item.fields.get('excerpt:encoded') ?? '',
  });
  if (failure) return failedPost(postKey(id), kind, title, failure);
  const warnings: string[] = [];
  const slug = decodePercent(field('wp:post_name'));

  const context: WordPressHtmlContext = {
    postId: id,
    attachment: (attachmentId) => index.attachments.get(attachmentId),
    childAttachmentIds: (parent) => childAttachments(parent, index),
  };
  const content = wordPressHtml(item.fields.get('content:encoded') ?? '', context);
  const excerpt = wordPressExcerptHtml(item.fields.get('excerpt:encoded') ?? '', context);
  warnings.push(...content.warnings, ...excerpt.warnings.filter((warning) => !content.warnings.includes(warning)));

  const categories = item.terms.filter((term) => term.domain === 'category');
  const first = kind === 'post' ? categories[0] : undefined;
  const seo = seoFields(item.meta, title, index.siteName);
  const keywords = unique([
    ...categories.filter((term) => term !== first).map((term) => plainText(term.name)),
    ...item.terms.filter((term) => term.domain === 'post_tag').map((term) => plainText(term.name)),
    ...seo.moreKeywords,
  ]);

  const { state, stateWarning } = postState(field('wp:status'), field('wp:post_password') !== '');
  if (stateWarning) warnings.push(stateWarning);
  const publishedAt = state === 'draft' ? null : utcDate(field('wp:post_date_gmt'), field('wp:post_date'), index);
  if (state !== 'draft' && !publishedAt) warnings.push('It has no valid date: imported without one.');

  return {
    key: postKey(id),
    kind,
    title,
    slug,
    html: content.html,
    excerptHtml: excerpt.html,
    categoryKey: first ? categoryKey(categorySlug(first.nicename, first.name)) : null,
    keywords,
    featuredImage: featuredImage(item, index, warnings),
    metaTitle: seo.metaTitle,
    metaDescription: seo.metaDescription,
    focusKeyword: seo.focusKeyword,
    state,
    publishedAt,
    updatedAt: utcDate(field('wp:post_modified_gmt'), field('wp:post_modified'), index),
    authors: unique(field('dc:creator') ? [index.authors.get(field('dc:creator')) ?? field('dc:creator')] : []),
    oldPaths: postPaths(item, id, kind, slug, index),
    warnings,
    comments: postComments(item, index),
    ...index.languages.ofPost(item, id),
  };
}

/** WordPress's `comment_approved`: `1` shown, `0` held; `spam`, `trash` (and `post-trashed`) are not kept. */
const COMMENT_STATES: Record<string, SourceComment['state']> = { '1': 'approved', '0': 'pending' };

/** A reader's comment worth keeping: shown or held, neither a pingback nor a trackback. */
function keptComment(comment: Map<string, string>): boolean {
  const type = comment.get('wp:comment_type')?.trim() ?? '';
  return (
    (type === '' || type === 'comment') &&
    Object.hasOwn(COMMENT_STATES, comment.get('wp:comment_approved')?.trim() ?? '')
  );
}

/**
 * The post's kept comments, threads one level deep. One is the owner's when WordPress says a user wrote it
 * (`comment_user_id`) and that user is the post's author (by id, or by e-mail when the export has no ids).
 */
function postComments(item: WxrRecord, index: WordPressIndex): SourceComment[] {
  const postId = item.fields.get('wp:post_id')?.trim() ?? '';
  const author = index.accounts.get(item.fields.get('dc:creator')?.trim() ?? '');
  const key = (id: string) => `wp:comment:${postId}:${id}`;
  const parentOf = new Map<string, string | null>();
  const kept: SourceComment[] = [];
  for (const comment of item.comments) {
    const field = (name: string) => comment.get(name)?.trim() ?? '';
    const parent = field('wp:comment_parent');
    const parentKey = parent && parent !== '0' ? key(parent) : null;
    parentOf.set(key(field('wp:comment_id')), parentKey);
    if (!keptComment(comment)) continue;
    // WordPress keeps a comment as typed and makes its paragraphs when showing it, as a classic post's.
    const body = commentText(wpautop(comment.get('wp:comment_content') ?? ''));
    if (!body) continue;
    const email = field('wp:comment_author_email');
    const userId = field('wp:comment_user_id');
    const byOwner =
      !!author &&
      userId !== '' &&
      userId !== '0' &&
      (author.id ? author.id === userId : author.email !== '' && author.email === email.toLowerCase());
    kept.push({
      key: key(field('wp:comment_id')),
      parentKey,
      authorName: plainText(field('wp:comment_author')),
      authorEmail: email,
      authorUrl: field('wp:comment_author_url'),
      body,
      state: COMMENT_STATES[field('wp:comment_approved')],
      byOwner,
      createdAt: utcDate(field('wp:comment_date_gmt'), field('wp:comment_date'), index),
    });
  }
  return oneLevelThreads(kept, parentOf);
}

/**
 * A Jetpack portfolio item as a project: its body the case study, its excerpt the summary, its types and
 * tags the stack, its featured image the cover; its old addresses lead to its page.
 */
function toProject(item: WxrRecord, index: WordPressIndex): SourceProject {
  const field = (name: string) => item.fields.get(name)?.trim() ?? '';
  const id = field('wp:post_id');
  const title = plainText(field('title'));
  const slug = decodePercent(field('wp:post_name'));
  const dates = itemDates(item, index);
  const base = {
    key: projectKey(id),
    title,
    slug,
    html: '',
    summary: '',
    stack: [],
    featuredImage: null,
    ...dates,
    oldPaths: [],
  };
  const failure = richTextFailure({ content: item.fields.get('content:encoded') ?? '' });
  if (failure) return { ...base, warnings: [], failure };
  const warnings: string[] = [...dates.warnings];
  const context: WordPressHtmlContext = {
    postId: id,
    attachment: (attachmentId) => index.attachments.get(attachmentId),
    childAttachmentIds: (parent) => childAttachments(parent, index),
  };
  const content = wordPressHtml(item.fields.get('content:encoded') ?? '', context);
  warnings.push(...content.warnings);
  const link = oldPath(field('link'));
  return {
    ...base,
    html: content.html,
    summary: plainText(item.fields.get('excerpt:encoded') ?? ''),
    stack: unique(item.terms.filter((term) => PORTFOLIO_TERMS.has(term.domain)).map((term) => plainText(term.name))),
    featuredImage: featuredImage(item, index, warnings),
    oldPaths: [...new Set([`${index.basePath}/?p=${id}`, ...(link && link !== '/' ? [link] : [])])],
    warnings,
  };
}

/** A Jetpack testimonial: its title names the person, its body is the quote, its featured image the photo. */
function toTestimonial(item: WxrRecord, index: WordPressIndex): SourceTestimonial {
  const field = (name: string) => item.fields.get(name)?.trim() ?? '';
  const dates = itemDates(item, index);
  const warnings = [...dates.warnings];
  return {
    key: testimonialKey(field('wp:post_id')),
    name: plainText(field('title')),
    quote: plainText(item.fields.get('content:encoded') ?? ''),
    photo: featuredImage(item, index, warnings),
    state: dates.state,
    writtenAt: dates.writtenAt,
    warnings,
  };
}

/** A portfolio item's state and dates, as a post's. */
function itemDates(item: WxrRecord, index: WordPressIndex) {
  const field = (name: string) => item.fields.get(name)?.trim() ?? '';
  const { state, stateWarning } = postState(field('wp:status'), field('wp:post_password') !== '');
  const writtenAt = utcDate(field('wp:post_date_gmt'), field('wp:post_date'), index);
  return {
    state,
    publishedAt: state === 'draft' ? null : writtenAt,
    writtenAt,
    warnings: stateWarning ? [stateWarning] : [],
  };
}

function projectKey(id: string): SourceKey {
  return `wp:project:${id}`;
}

function testimonialKey(id: string): SourceKey {
  return `wp:testimonial:${id}`;
}

/** A post's attachments in the order WordPress's `[gallery]` shows them: by menu order, then by ID. */
function childAttachments(parent: string, index: WordPressIndex): string[] {
  return [...index.attachments.values()]
    .filter((attachment) => attachment.parent === parent)
    .sort((a, b) => a.order - b.order || Number(a.id) - Number(b.id))
    .map((attachment) => attachment.id);
}

function postState(status: string, password: boolean): { state: SourcePostState; stateWarning: string | null } {
  const known: Record<string, SourcePostState> = {
    publish: 'published',
    future: 'scheduled',
    private: 'hidden',
    draft: 'draft',
    pending: 'draft',
    'auto-draft': 'draft',
  };
  const state = known[status];
  if (password) {
    return {
      state: state === 'draft' ? 'draft' : 'hidden',
      stateWarning: `It was protected by a password, which is not carried over: imported ${state === 'draft' ? 'as a draft' : 'hidden'}.`,
    };
  }
  if (!state)
    return { state: 'draft', stateWarning: `Its status “${status}” is not one of WordPress’s: imported as a draft.` };
  return { state, stateWarning: null };
}

/** `2019-05-08 10:00:00` (UTC for `_gmt` fields) as ISO 8601; `0000-00-00 00:00:00`, WordPress's "none", as null. */
function wpDate(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match || match[1] === '0000') return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== day ? null : date.toISOString();
}

/**
 * A `_gmt` date, else the site's local one (WordPress leaves `_gmt` at `0000-00-00 00:00:00` for some
 * posts) moved to UTC by the site's offset as the file's other posts show it.
 */
function utcDate(utc: string, local: string, index: WordPressIndex): string | null {
  const fromUtc = wpDate(utc);
  if (fromUtc) return fromUtc;
  const fromLocal = wpDate(local);
  return fromLocal && new Date(Date.parse(fromLocal) - index.utcOffset).toISOString();
}

function featuredImage(item: WxrRecord, index: WordPressIndex, warnings: string[]): SourceImage | null {
  const id = item.meta.get('_thumbnail_id')?.trim();
  if (!id) return null;
  const attachment = index.attachments.get(id);
  if (!attachment?.url) {
    warnings.push(`Its featured image (attachment ${id}) is not in the file: left out.`);
    return null;
  }
  return { url: attachment.url, alt: attachment.alt, caption: attachment.caption };
}

/**
 * Yoast's and Rank Math's title, description and focus keyword. Their templates' variables become the
 * post's title, the site's name and a dash; any other variable (`%%page%%`, `%%excerpt%%`) is dropped.
 */
function seoFields(meta: Map<string, string>, title: string, siteName: string) {
  const first = (...keys: string[]) =>
    keys.map((key) => meta.get(key)?.trim() ?? '').find((value) => value !== '') ?? '';
  const values: Record<string, string> = { title, sitename: siteName, sep: '-' };
  const fill = (template: string) =>
    template
      .replace(
        /%%(\w+)%%|%(\w+)%/g,
        (_, yoast: string | undefined, rankMath: string | undefined) => values[yoast ?? rankMath ?? ''] ?? '',
      )
      .replace(/\s+/g, ' ')
      .replace(/\s+([,;:.])/g, '$1')
      // What a dropped variable leaves at either end: `Title -`, `About Hội An,`.
      .replace(/^[\s,;:|-]+|[\s,;:|-]+$/g, '');
  // Rank Math keeps several focus keywords, comma-separated: the first leads, the others join the keywords.
  const [focusKeyword = '', ...moreKeywords] = first('_yoast_wpseo_focuskw', 'rank_math_focus_keyword')
    .split(',')
    .map((keyword) => keyword.trim())
    .filter(Boolean);
  return {
    metaTitle: fill(first('_yoast_wpseo_title', 'rank_math_title')),
    metaDescription: fill(first('_yoast_wpseo_metadesc', 'rank_math_description')),
    focusKeyword,
    moreKeywords,
  };
}

/** `/?p=12` (`/?page_id=12` for a page), its permalink, `/slug/` and the slugs it had before (`_wp_old_slug`). */
function postPaths(item: WxrRecord, id: string, kind: string, slug: string, index: WordPressIndex): string[] {
  const base = index.basePath;
  const link = oldPath(item.fields.get('link') ?? '');
  const end =
    link && !link.includes('?') && link.length > 1 ? (link.endsWith('/') ? '/' : '') : index.trailingSlash ? '/' : '';
  const paths = [`${base}/?p=${id}`];
  if (kind === 'page') paths.push(`${base}/?page_id=${id}`);
  if (link && link !== '/') paths.push(link);
  const oldSlug = decodePercent(item.meta.get('_wp_old_slug')?.trim() ?? '');
  for (const name of [slug, oldSlug]) if (name) paths.push(`${base}/${name}${end}`);
  return [...new Set(paths)];
}

/** An attachment page (its permalink and `/?attachment_id=`) leads to the post it belongs to, else to its file. */
function attachmentRedirects(attachment: Attachment, index: WordPressIndex): SourceRedirect[] {
  if (!attachment.url) return [];
  const to = index.postIds.has(attachment.parent)
    ? { postKey: postKey(attachment.parent) }
    : { imageUrl: attachment.url };
  const paths = [...new Set([oldPath(attachment.link) ?? '', `${index.basePath}/?attachment_id=${attachment.id}`])];
  return paths
    .filter((from) => from !== '' && from !== '/' && from !== `${index.basePath}/`)
    .map((from) => ({ from, to }));
}

/** Without blanks and repeats (`Travel` and `travel` are one keyword). */
function unique(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const folded = value.toLowerCase();
    if (value === '' || seen.has(folded)) return false;
    seen.add(folded);
    return true;
  });
}

function plural(count: number): string {
  return count === 1 ? '' : 's';
}
