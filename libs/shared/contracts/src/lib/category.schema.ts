import { z } from 'zod';

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  updated_at: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

/** The public header/sidebar list (`GET /api/gst-categories`). */
export const categoryLinkSchema = categorySchema.pick({ slug: true, name: true });
export type CategoryLink = z.infer<typeof categoryLinkSchema>;
