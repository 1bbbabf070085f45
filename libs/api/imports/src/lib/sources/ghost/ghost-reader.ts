import { escapeText } from '@blog/shared/html';
import { stat } from 'node:fs/promises';
import {
  failedPost,
  richTextFailure,
  SourceFileError,
  type SourceCategory,
  type SourceComment,
  type SourceImage,
  type SourceItem,
  type SourcePost,
  type SourcePostState,
} from '../source-model';
import { commentText, oneLevelThreads } from '../source-comments';
import { GhostBodyError, isRecord, stringField } from './ghost-cards';
import { cleanGhostHtml } from './ghost-html';
import { htmlText } from '../html-text';
import { walkGhostExport, type GhostExportShape } from './ghost-json';
import { renderLexical } from './ghost-lexical';
import { renderMobiledoc } from './ghost-mobiledoc';

// The runner's table of readers takes a reader and its image paths from one module.
export { ghostImagePaths } from './ghost-images';

/** The largest Ghost export we read: a site of many thousand posts, each with its HTML, Lexical and plain text. */
export const GHOST_EXPORT_MAX_BYTES = 512 * 1024 * 1024;

/** The oldest Ghost whose exports we read: older ones have other tables and write their images' URLs otherwise. */
export const GHOST_MIN_MAJOR_VERSION = 4;
// The newest Ghost we have seen exports of; a newer one is read, with a warning.
const GHOST_KNOWN_MAJOR_VERSION = 6;

export interface ReadGhostOptions {
  /** GHOST_EXPORT_MAX_BYTES unless said. */
  maxBytes?: number;
}

type Row = Record<string, unknown>;

interface GhostTag {
  id: string;
  name: string;
  slug: string;
  /** Ghost's internal tags (`#noi-bat`) organise the admin, never show on the site: they are dropped. */
  isPublic: boolean;
}

/** A posts_tags or posts_authors row: the post, the tag or user, and the order the post gives them. */
interface PostLink {
  postId: string;
  targetId: string;
  sortOrder: number;
}

/** What the first pass keeps: the small tables the posts refer to, and counts. */
interface GhostTables {
  shape: GhostExportShape;
  tags: Map<string, GhostTag>;
  /** Each post's tag ids, in the post's order (its first public one is its primary tag). */
  tagIdsByPost: Map<string, string[]>;
  authorsByPost: Map<string, string[]>;
  metaByPost: Map<string, Row>;
  /** The public tags that are some post's primary tag: the ones that become categories. */
  primaryTagIds: Set<string>;
  /** Each post's kept comments, threads one level deep. */
  commentsByPost: Map<string, SourceComment[]>;
  totalPosts: number;
  warnings: string[];
}

/** A row of Ghost 5's `comments` table, as the first pass keeps it (the text already plain). */
interface GhostComment {
  id: string;
  postId: string;
  memberId: string;
  parentId: string;
  status: string;
  body: string;
  createdAt: unknown;
}

// The posts_meta fields a post takes (the rest, email and Twitter fields, have no counterpart here).
const POST_META_FIELDS = [
  'meta_title',
  'meta_description',
  'og_title',
  'og_description',
  'feature_image_alt',
  'feature_image_caption',
];

/**
 * Reads a Ghost 4/5/6 JSON export (Settings → Advanced → Import/Export, or Labs in older versions),
 * streaming and twice: a first pass keeps the small tables (tags, users, their links to posts, the
 * posts' SEO meta) and counts the posts; the second yields the posts one at a time.
 *
 * Categories: a public tag becomes a category only if it is some post's primary tag (its first public
 * tag), the one Ghost shows as the post's section; every other public tag only becomes a keyword of its
 * posts, and its `/tag/{slug}/` page is not redirected (a site warning lists them). Ghost's internal
 * tags (`#...`) are dropped. Redirects: none; Ghost keeps its redirects in files of their own
 * (`redirects.yaml`), not in the export.
 */
export async function* readGhost(path: string, options: ReadGhostOptions = {}): AsyncGenerator<SourceItem> {
  const maxBytes = options.maxBytes ?? GHOST_EXPORT_MAX_BYTES;
  const { size } = await stat(path);
  if (size > maxBytes) {
    throw new SourceFileError(
      'file',
      `The file is larger than ${sizeText(maxBytes)}, the largest Ghost export we read.`,
    );
  }
  if (size === 0) throw new SourceFileError('file', 'The file is empty: it is not a Ghost export.');

  const tables = await readTables(path);
  yield { type: 'site', origin: null, totalPosts: tables.totalPosts, warnings: tables.warnings };
  for (const tag of tables.tags.values()) {
    if (tables.primaryTagIds.has(tag.id)) yield { type: 'category', ...categoryOf(tag) };
  }
  for await (const event of walkGhostExport(path, (shape, table) => shape === tables.shape && table === 'posts')) {
    if (event.kind !== 'row' || !isPostRow(event.value)) continue;
    yield { type: 'post', ...postOf(event.value, tables) };
  }
}

const MB = 1024 * 1024;
const sizeText = (bytes: number) => (bytes >= MB ? `${Math.floor(bytes / MB)} MB` : `${bytes} bytes`);

/** A row the reader yields: Ghost's posts table holds posts and pages, each with its id; anything else is skipped. */
function isPostRow(value: unknown): value is Row {
  return isRecord(value) && (value['type'] === 'post' || value['type'] === 'page') && idOf(value['id']) !== '';
}

const FIRST_PASS_TABLES = new Set([
  'posts',
  'tags',
  'posts_tags',
  'users',
  'posts_authors',
  'posts_meta',
  'comments',
  'members',
]);

async function readTables(path: string): Promise<GhostTables> {
  // Both shapes are collected as they come; the export's own is known only once the file is read.
  const collected = { db: newCollection(), flat: newCollection() };
  for await (const event of walkGhostExport(path, (_shape, table) => FIRST_PASS_TABLES.has(table))) {
    const into = collected[event.shape];
    if (event.kind === 'meta') into.meta = event.value;
    else if (event.kind === 'table') into.tableIsArray.set(event.table, event.isArray);
    else collectRow(into, event.table, event.value);
  }
  const shape: GhostExportShape | null = collected.db.tableIsArray.has('posts')
    ? 'db'
    : collected.flat.tableIsArray.has('posts')
      ? 'flat'
      : null;
  if (!shape) {
    throw new SourceFileError(
      'file',
      'The file is JSON but not a Ghost export: it has no posts (Ghost writes them in db[0].data.posts).',
    );
  }
  const found = collected[shape];
  if (!found.tableIsArray.get('posts')) {
    throw new SourceFileError('file', 'The file is not a Ghost export that we can read: its posts are not a list.');
  }
  const warnings = versionWarnings(found.meta);
  return resolveTables(shape, found, warnings);
}

interface Collection {
  meta: unknown;
  tableIsArray: Map<string, boolean>;
  tags: GhostTag[];
  postsTags: PostLink[];
  userNames: Map<string, string>;
  userEmails: Map<string, string>;
  postsAuthors: PostLink[];
  comments: GhostComment[];
  members: Map<string, { name: string; email: string }>;
  metaByPost: Map<string, Row>;
  /** The type of every post row we yield, by id. */
  postTypes: Map<string, 'post' | 'page'>;
  totalPosts: number;
  skippedRows: number;
}

function newCollection(): Collection {
  return {
    meta: undefined,
    tableIsArray: new Map(),
    tags: [],
    postsTags: [],
    userNames: new Map(),
    userEmails: new Map(),
    postsAuthors: [],
    comments: [],
    members: new Map(),
    metaByPost: new Map(),
    postTypes: new Map(),
    totalPosts: 0,
    skippedRows: 0,
  };
}

function collectRow(into: Collection, table: string, row: unknown): void {
  if (table === 'posts') {
    if (!isPostRow(row)) {
      into.skippedRows++;
      return;
    }
    into.totalPosts++;
    into.postTypes.set(idOf(row['id']), row['type'] as 'post' | 'page');
    return;
  }
  if (!isRecord(row)) return;
  switch (table) {
    case 'tags': {
      const name = stringField(row, 'name');
      const isPublic = row['visibility'] !== 'internal' && !name.startsWith('#');
      into.tags.push({ id: idOf(row['id']), name, slug: decodedSlug(stringField(row, 'slug')), isPublic });
      break;
    }
    case 'posts_tags':
      into.postsTags.push(linkOf(row, 'tag_id'));
      break;
    case 'users':
      into.userNames.set(idOf(row['id']), stringField(row, 'name') || stringField(row, 'slug'));
      into.userEmails.set(idOf(row['id']), stringField(row, 'email').toLowerCase());
      break;
    case 'members':
      into.members.set(idOf(row['id']), { name: stringField(row, 'name'), email: stringField(row, 'email') });
      break;
    case 'comments':
      into.comments.push({
        id: idOf(row['id']),
        postId: idOf(row['post_id']),
        memberId: idOf(row['member_id']),
        parentId: idOf(row['parent_id']),
        status: stringField(row, 'status'),
        body: commentText(stringField(row, 'html')),
        createdAt: row['created_at'],
      });
      break;
    case 'posts_authors':
      into.postsAuthors.push(linkOf(row, 'author_id'));
      break;
    case 'posts_meta': {
      const meta: Row = {};
      for (const field of POST_META_FIELDS) meta[field] = stringField(row, field);
      into.metaByPost.set(idOf(row['post_id']), meta);
      break;
    }
  }
}

function linkOf(row: Row, targetField: string): PostLink {
  const sortOrder = row['sort_order'];
  return {
    postId: idOf(row['post_id']),
    targetId: idOf(row[targetField]),
    sortOrder: typeof sortOrder === 'number' && Number.isFinite(sortOrder) ? sortOrder : 0,
  };
}

/** Each post's targets in the post's order (stable: rows of equal `sort_order` keep the file's order). */
function groupByPost(links: PostLink[]): Map<string, string[]> {
  const byPost = new Map<string, PostLink[]>();
  for (const link of links) {
    const postLinks = byPost.get(link.postId);
    if (postLinks) postLinks.push(link);
    else byPost.set(link.postId, [link]);
  }
  return new Map(
    [...byPost].map(([postId, postLinks]) => [
      postId,
      postLinks.sort((a, b) => a.sortOrder - b.sortOrder).map((link) => link.targetId),
    ]),
  );
}

function resolveTables(shape: GhostExportShape, found: Collection, warnings: string[]): GhostTables {
  const tags = new Map(found.tags.map((tag) => [tag.id, tag]));
  const tagIdsByPost = groupByPost(found.postsTags);
  const authorsByPost = new Map(
    [...groupByPost(found.postsAuthors)].map(([postId, userIds]) => [
      postId,
      userIds.flatMap((id) => found.userNames.get(id) ?? []),
    ]),
  );
  const primaryTagIds = new Set<string>();
  for (const [postId, type] of found.postTypes) {
    const primary = type === 'post' ? publicTags(tagIdsByPost.get(postId), tags)[0] : undefined;
    if (primary) primaryTagIds.add(primary.id);
  }
  const keywordOnly = [...tags.values()].filter((tag) => tag.isPublic && !primaryTagIds.has(tag.id));
  if (keywordOnly.length) {
    warnings.push(
      `${keywordOnly.length} tags are no post's primary tag: they become keywords of their posts, not categories, ` +
        `and their /tag/ pages are not redirected (${keywordOnly.map((tag) => tag.name).join(', ')}).`,
    );
  }
  const commentsByPost = commentsOf(found, warnings);
  if (found.skippedRows) {
    warnings.push(`${found.skippedRows} rows of the posts table are neither a post nor a page: they were skipped.`);
  }
  return {
    shape,
    tags,
    tagIdsByPost,
    authorsByPost,
    metaByPost: found.metaByPost,
    primaryTagIds,
    commentsByPost,
    totalPosts: found.totalPosts,
    warnings,
  };
}

/**
 * Ghost 5's members' comments by post: `published` ones shown, `hidden` (moderated away) and `deleted`
 * ones left out, as a warning counts. A comment is the owner's when its member's e-mail is one of the
 * post's authors'.
 */
function commentsOf(found: Collection, warnings: string[]): Map<string, SourceComment[]> {
  const authorIds = groupByPost(found.postsAuthors);
  const key = (id: string) => `ghost:comment:${id}`;
  type PostComments = { kept: SourceComment[]; parentOf: Map<string, string | null> };
  const byPost = new Map<string, PostComments>();
  let dropped = 0;
  for (const comment of found.comments) {
    const post: PostComments = byPost.get(comment.postId) ?? { kept: [], parentOf: new Map() };
    byPost.set(comment.postId, post);
    const parentKey = comment.parentId ? key(comment.parentId) : null;
    post.parentOf.set(key(comment.id), parentKey);
    if (comment.status !== 'published' || !comment.body || !found.postTypes.has(comment.postId)) {
      dropped++;
      continue;
    }
    const member = found.members.get(comment.memberId);
    const email = member?.email ?? '';
    const ownerEmails = (authorIds.get(comment.postId) ?? []).map((id) => found.userEmails.get(id));
    post.kept.push({
      key: key(comment.id),
      parentKey,
      // Never a part of the e-mail, which readers never see: a member without a name is unnamed.
      authorName: member?.name ?? '',
      authorEmail: email,
      authorUrl: '',
      body: comment.body,
      state: 'approved',
      byOwner: email !== '' && ownerEmails.includes(email.toLowerCase()),
      createdAt: dateOf(comment.createdAt, 'comment', []),
    });
  }
  if (dropped) warnings.push(`${dropped} comment${dropped === 1 ? '' : 's'} left out: hidden or deleted on Ghost.`);
  return new Map([...byPost].map(([postId, post]) => [postId, oneLevelThreads(post.kept, post.parentOf)]));
}

/** Refuses exports older than Ghost 4 (other tables, relative image paths, Mobiledoc of another age). */
function versionWarnings(meta: unknown): string[] {
  const version = isRecord(meta) ? meta['version'] : undefined;
  if (typeof version !== 'string' && typeof version !== 'number') {
    throw new SourceFileError(
      'file',
      'The file is not a Ghost export that we can read: it does not say which version of Ghost made it (meta.version).',
    );
  }
  const shown = String(version).slice(0, 20);
  const major = Number.parseInt(shown, 10);
  if (!Number.isFinite(major) || major < GHOST_MIN_MAJOR_VERSION) {
    throw new SourceFileError(
      'file',
      `This export was made by Ghost ${shown}: only exports of Ghost ${GHOST_MIN_MAJOR_VERSION} or later can be imported. ` +
        'Update the Ghost site, then export it again.',
    );
  }
  return major > GHOST_KNOWN_MAJOR_VERSION
    ? [`This export was made by Ghost ${shown}, newer than the versions we know: check the imported posts.`]
    : [];
}

function publicTags(tagIds: string[] | undefined, tags: Map<string, GhostTag>): GhostTag[] {
  return (tagIds ?? []).flatMap((id) => {
    const tag = tags.get(id);
    return tag?.isPublic ? [tag] : [];
  });
}

function categoryOf(tag: GhostTag): SourceCategory {
  return { key: tagKey(tag.id), name: tag.name, slug: tag.slug, oldPaths: [`/tag/${tag.slug}/`] };
}

const tagKey = (id: string) => `ghost:tag:${id}`;

function postOf(row: Row, tables: GhostTables): SourcePost {
  const id = idOf(row['id']);
  const kind = row['type'] === 'page' ? 'page' : 'post';
  const slug = decodedSlug(stringField(row, 'slug'));
  const meta = tables.metaByPost.get(id) ?? {};
  const warnings: string[] = [];
  const body = bodyOf(row, warnings);
  const failure = richTextFailure({ content: body });
  if (failure) return failedPost(`ghost:post:${id}`, kind, stringField(row, 'title'), failure);
  // Ghost 5 keeps the SEO fields in posts_meta; Ghost 4 had them on the post.
  const field = (key: string) => stringField(meta, key) || stringField(row, key);

  const tags = publicTags(tables.tagIdsByPost.get(id), tables.tags);
  const primary = kind === 'post' ? tags[0] : undefined;
  const state = stateOf(row, warnings);
  const publishedAt = state === 'draft' ? null : dateOf(row['published_at'], 'publication', warnings);

  const canonical = stringField(row, 'canonical_url');
  if (canonical) warnings.push(`Its canonical URL (${canonical}) is not carried over.`);
  if (stringField(row, 'codeinjection_head').trim() || stringField(row, 'codeinjection_foot').trim()) {
    warnings.push('Its code injection (scripts or styles of its own) is not carried over.');
  }

  const excerpt = stringField(row, 'custom_excerpt').trim();
  return {
    key: `ghost:post:${id}`,
    kind,
    title: stringField(row, 'title'),
    slug,
    html: cleanGhostHtml(body, warnings),
    excerptHtml: excerpt ? `<p>${escapeText(excerpt)}</p>` : '',
    categoryKey: primary ? tagKey(primary.id) : null,
    keywords: tags.filter((tag) => tag !== primary).map((tag) => tag.name),
    featuredImage: featuredImageOf(row, field),
    metaTitle: field('meta_title') || field('og_title'),
    metaDescription: field('meta_description') || field('og_description'),
    focusKeyword: '',
    state,
    publishedAt,
    updatedAt: dateOf(row['updated_at'], 'update', warnings),
    authors: tables.authorsByPost.get(id) ?? [],
    oldPaths: oldPathsOf(kind, slug, row['status']),
    warnings,
    comments: tables.commentsByPost.get(id) ?? [],
  };
}

function stateOf(row: Row, warnings: string[]): SourcePostState {
  const status = row['status'];
  let state: SourcePostState;
  if (status === 'published' || status === 'draft' || status === 'scheduled') {
    state = status;
  } else if (status === 'sent') {
    warnings.push('It was sent as an email only, never shown on the Ghost site: it is imported hidden.');
    state = 'hidden';
  } else {
    warnings.push('Its status is not one Ghost writes (published, draft, scheduled, sent): it is imported as a draft.');
    state = 'draft';
  }
  const visibility = row['visibility'];
  if (visibility !== undefined && visibility !== null && visibility !== 'public') {
    // Nothing members-only becomes public without the owner's choice.
    const who = visibility === 'members' ? 'members' : visibility === 'paid' ? 'paying members' : 'some members';
    if (state === 'draft') {
      warnings.push(`It was for ${who} only on Ghost: decide who should read it before you publish it.`);
    } else {
      warnings.push(
        `It was for ${who} only on Ghost: it is imported hidden, so that it becomes public only when you choose.`,
      );
      state = 'hidden';
    }
  }
  return state;
}

/** Ghost's default routes: `/{slug}/` for posts and pages, `/{slug}/amp/` for a post's AMP page (Ghost 4). */
function oldPathsOf(kind: 'post' | 'page', slug: string, status: unknown): string[] {
  // A draft, a scheduled post or an email-only one never had a public address.
  if (!slug || status !== 'published') return [];
  return kind === 'post' ? [`/${slug}/`, `/${slug}/amp/`] : [`/${slug}/`];
}

function featuredImageOf(row: Row, field: (key: string) => string): SourceImage | null {
  const url = stringField(row, 'feature_image');
  if (!url) return null;
  return { url, alt: field('feature_image_alt'), caption: htmlText(field('feature_image_caption')) };
}

/**
 * The body, not cleaned yet: Ghost's own `html` when it has it (always, for a post Ghost rendered), else
 * its Lexical (Ghost 5) or Mobiledoc (Ghost 4) rendered here; when those cannot be read, the plain text.
 */
function bodyOf(row: Row, warnings: string[]): string {
  if (typeof row['html'] === 'string') return row['html'];
  for (const [field, render] of [
    ['lexical', renderLexical],
    ['mobiledoc', renderMobiledoc],
  ] as const) {
    const source = row[field];
    if (typeof source !== 'string' || !source) continue;
    try {
      return render(JSON.parse(source), warnings);
    } catch (error) {
      if (!(error instanceof SyntaxError || error instanceof GhostBodyError)) throw error;
      warnings.push(
        `Its ${field === 'lexical' ? 'Lexical' : 'Mobiledoc'} body could not be read: only its plain text was kept.`,
      );
      return plainTextHtml(stringField(row, 'plaintext'));
    }
  }
  return plainTextHtml(stringField(row, 'plaintext'));
}

function plainTextHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => `<p>${escapeText(paragraph.trim())}</p>`)
    .join('');
}

// Ghost's dates: `2026-11-12 01:30:00` (SQLite, MySQL: UTC, no zone) or ISO 8601 with a zone.
const GHOST_DATE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/;

/** ISO 8601 in UTC, or null (with a warning when there was a date that could not be read). */
function dateOf(value: unknown, what: string, warnings: string[]): string | null {
  if (value === null || value === undefined || value === '') return null;
  let time = Number.NaN;
  if (typeof value === 'number') time = value;
  else if (typeof value === 'string') {
    const match = GHOST_DATE.exec(value.trim());
    if (match) time = Date.parse(`${match[1]}T${match[2]}${match[3] ?? 'Z'}`);
  }
  if (Number.isFinite(time) && Math.abs(time) <= 8.64e15) return new Date(time).toISOString();
  warnings.push(`Its ${what} date could not be read: it is left empty.`);
  return null;
}

/** Ghost's ids are strings; a hand-made export may have numbers. */
function idOf(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Ghost's slugs are ASCII already; one percent-encoded by hand is decoded, as the model asks. */
function decodedSlug(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}
