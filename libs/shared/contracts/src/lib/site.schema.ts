import { z } from 'zod';
import { socialProfilesShape } from './social.schema';

export const aboutSchema = z.object({
  id: z.number().int(),
  content: z.string(),
});
export type About = z.infer<typeof aboutSchema>;

/**
 * General info as read (spec section 3): stored file names plus the URLs they are served at, and the
 * owner's social profiles (null when not set).
 */
export const generalInfoSchema = z.object({
  id: z.number().int(),
  logo_1: z.string().nullable(),
  logo_2: z.string().nullable(),
  favicon: z.string().nullable(),
  logo_1_url: z.string().nullable(),
  logo_2_url: z.string().nullable(),
  favicon_url: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  ...socialProfilesShape,
});
export type GeneralInfo = z.infer<typeof generalInfoSchema>;

/**
 * The marketing tags the public pages load (`GET /api/site-tags`, `siteInfo.tags`): the tag manager
 * container and the ads conversion id with its label. `null` when not configured: nothing is loaded.
 */
export const siteTagsSchema = z.object({
  gtm_id: z.string().nullable(),
  ads_conversion_id: z.string().nullable(),
});
export type SiteTags = z.infer<typeof siteTagsSchema>;
