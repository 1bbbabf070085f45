import { z } from 'zod';

export const aboutSchema = z.object({
  id: z.number().int(),
  content: z.string(),
});
export type About = z.infer<typeof aboutSchema>;

/** General info as read (spec section 3): stored file names plus the URLs they are served at. */
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
});
export type GeneralInfo = z.infer<typeof generalInfoSchema>;
