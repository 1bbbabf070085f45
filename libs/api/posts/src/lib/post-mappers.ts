import {
  readingMinutes,
  thumbnailAltOf,
  uploadUrl,
  type AdminPost,
  type AdminTranslation,
  type AdminPostRow,
  type PostCard,
  type PostDetail,
  type PostLink,
  type TranslationLink,
} from '@blog/contracts';
import type { CategoryEntity, PostEntity } from '@blog/api/data';
import type { ImageDimensions } from '@blog/api/core';

/** A post loaded together with its category. */
export type PostWithCategory = PostEntity & { category: CategoryEntity };

/** The columns of a post that its card shows: never `content`, by far the largest. */
export const POST_CARD_COLUMNS = [
  'id',
  'slug',
  'title',
  'thumbnail',
  'thumbnail_alt',
  'short_content',
  'color',
  'price',
  'updated_at',
  'word_count',
  'image_count',
  'language',
] as const;

/** What a card is made of: those columns and the post's category. */
export type PostCardSource = Pick<PostEntity, (typeof POST_CARD_COLUMNS)[number]> & {
  category: Pick<CategoryEntity, 'slug' | 'name'>;
};

/** A post's card; `thumbnailSize` is its thumbnail's size in pixels, when known; `commentCount` its shown comments. */
export function toPostCard(
  post: PostCardSource,
  thumbnailSize: ImageDimensions | null = null,
  commentCount = 0,
): PostCard {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    thumbnail: post.thumbnail,
    thumbnail_width: thumbnailSize?.width ?? null,
    thumbnail_height: thumbnailSize?.height ?? null,
    imageAlt: thumbnailAltOf(post),
    reading_minutes: readingMinutes(post.word_count, post.image_count),
    updated_at: post.updated_at.toISOString(),
    category_slug: post.category.slug,
    category_name: post.category.name,
    short_content: post.short_content,
    color: post.color,
    price: post.price,
    comment_count: commentCount,
    language: post.language,
  };
}

/**
 * A post's detail; `thumbnailSize` is its thumbnail's size in pixels, when known; `translations` its
 * versions in the other languages that readers may read.
 */
export function toPostDetail(
  post: PostWithCategory,
  thumbnailSize: ImageDimensions | null = null,
  translations: TranslationLink[] = [],
): PostDetail {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    content: post.content,
    thumbnail: post.thumbnail,
    thumbnail_width: thumbnailSize?.width ?? null,
    thumbnail_height: thumbnailSize?.height ?? null,
    thumbnail_alt: post.thumbnail_alt,
    reading_minutes: readingMinutes(post.word_count, post.image_count),
    created_at: post.created_at.toISOString(),
    published_at: post.published_at?.toISOString() ?? null,
    updated_at: post.updated_at.toISOString(),
    category_slug: post.category.slug,
    category_name: post.category.name,
    meta_title: post.meta_title,
    meta_description: post.meta_description,
    meta_keywords: post.meta_keywords,
    language: post.language,
    translations,
  };
}

export function toPostLink(post: PostEntity): PostLink {
  return { id: post.id, slug: post.slug, title: post.title };
}

/** A post as the admin lists it; `translations`: its versions in the other languages, whatever their state. */
export function toAdminPostRow(post: PostWithCategory, translations: AdminTranslation[] = []): AdminPostRow {
  return {
    id: post.id,
    category_id: post.category_id,
    category_name: post.category.name,
    title: post.title,
    slug: post.slug,
    thumbnail: post.thumbnail,
    thumbnail_url: uploadUrl(post.thumbnail),
    thumbnail_alt: post.thumbnail_alt,
    meta_title: post.meta_title,
    meta_description: post.meta_description,
    meta_keywords: post.meta_keywords,
    status: post.status,
    published_at: post.published_at?.toISOString() ?? null,
    color: post.color,
    price: post.price,
    comments_open: post.comments_open,
    created_at: post.created_at.toISOString(),
    updated_at: post.updated_at.toISOString(),
    version: post.version,
    language: post.language,
    translations,
  };
}

export function toAdminPost(post: PostWithCategory, translations: AdminTranslation[] = []): AdminPost {
  return { ...toAdminPostRow(post, translations), content: post.content, short_content: post.short_content };
}
