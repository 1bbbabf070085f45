import { z } from 'zod';

/** A post in public lists (spec section 3, "Post card"). Dates are ISO 8601 strings. */
export const postCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Stored file name, served under `/uploads/`. */
  thumbnail: z.string().nullable(),
  /** The thumbnail's size in pixels, when it is known: which responsive variants exist, and its aspect. */
  thumbnail_width: z.number().int().nullable(),
  thumbnail_height: z.number().int().nullable(),
  /** The thumbnail's alt text: the one its owner wrote, else the post's title (`thumbnailAltOf`). */
  imageAlt: z.string(),
  /** Whole minutes to read it, at least 1 (`readingMinutes`). */
  reading_minutes: z.number().int(),
  updated_at: z.string(),
  category_slug: z.string(),
  category_name: z.string(),
  short_content: z.string(),
  color: z.string().nullable(),
  price: z.string().nullable(),
});
export type PostCard = z.infer<typeof postCardSchema>;

/** A visible post read by its slug (spec section 3, "Post detail (public)"). */
export const postDetailSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  thumbnail: z.string().nullable(),
  /** The thumbnail's size in pixels, when it is known (link previews announce it). */
  thumbnail_width: z.number().int().nullable(),
  thumbnail_height: z.number().int().nullable(),
  /** The thumbnail's alt text as its owner wrote it ('' when none: `thumbnailAltOf` falls back to the title). */
  thumbnail_alt: z.string(),
  reading_minutes: z.number().int(),
  created_at: z.string(),
  /** When the post was published (structured data, `article:published_time`, the feed); null for a draft's preview. */
  published_at: z.string().nullable(),
  updated_at: z.string(),
  category_slug: z.string(),
  category_name: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  meta_keywords: z.string(),
});
export type PostDetail = z.infer<typeof postDetailSchema>;

/** The sidebar's Recent Posts (`GET /api/randomPosts`). */
export const postLinkSchema = postCardSchema.pick({ id: true, slug: true, title: true });
export type PostLink = z.infer<typeof postLinkSchema>;

export const homeDataSchema = z.object({ posts: z.array(postCardSchema) });
export type HomeData = z.infer<typeof homeDataSchema>;

export const postsPageSchema = z.object({
  posts: z.array(postCardSchema),
  total: z.number().int(),
});
export type PostsPage = z.infer<typeof postsPageSchema>;

/** `category_name` is a one-element list on the wire, as the spec's client reads `category_name[0].name`. */
export const categoryPostsPageSchema = postsPageSchema.extend({
  category_name: z.array(z.object({ name: z.string() })),
});
export type CategoryPostsPage = z.infer<typeof categoryPostsPageSchema>;
