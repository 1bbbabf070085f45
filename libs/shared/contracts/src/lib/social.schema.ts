import { z } from 'zod';
import { SOCIAL_NETWORKS, type SocialField } from './social-networks';
import { textInput } from './text.schema';

export const SOCIAL_URL_MAX_LENGTH = 300;

/** What a social profile field refuses, in words (the admin form shows the same messages). */
export const SOCIAL_URL_ERRORS = {
  tooLong: (network: string) => `${network} must be at most ${SOCIAL_URL_MAX_LENGTH} characters`,
  notHttps: (network: string) => `${network} must be an https:// address`,
  wrongHost: (network: string, hosts: readonly string[]) => `${network} must be an address on ${hosts.join(' or ')}`,
};

/** `text` as an https URL without credentials, or null. */
function httpsUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return url.protocol === 'https:' && !url.username && !url.password ? url : null;
}

function isOnHost(url: URL, hosts: readonly string[]): boolean {
  const hostname = url.hostname.toLowerCase();
  return hosts.some((host) => hostname === host || hostname.endsWith(`.${host}`));
}

/** An address typed without a scheme (`facebook.com/me`, `www.youtube.com/@me`) gets `https://`; others stay as typed. */
export function withHttps(text: string): string {
  return text === '' || /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/\//, '')}`;
}

/** One network's profile address as typed: '' or an https URL on one of its hosts (`https://` added when left out). */
export function socialUrlTextSchema(field: SocialField) {
  const { network, hosts } = SOCIAL_NETWORKS.find((entry) => entry.field === field)!;
  return textInput({ error: `${network} must be text` })
    .trim()
    .transform(withHttps)
    .pipe(z.string())
    .check(z.maxLength(SOCIAL_URL_MAX_LENGTH, { error: SOCIAL_URL_ERRORS.tooLong(network), abort: true }))
    .refine((text) => text === '' || httpsUrl(text) !== null, {
      error: SOCIAL_URL_ERRORS.notHttps(network),
      abort: true,
    })
    .refine((text) => text === '' || isOnHost(httpsUrl(text)!, hosts), {
      error: SOCIAL_URL_ERRORS.wrongHost(network, hosts),
    });
}

/** A profile field of a save: absent keeps the stored address, `null` or `''` removes it. */
const socialUrlInput = (field: SocialField) =>
  socialUrlTextSchema(field)
    .nullish()
    .transform((url) => (url === undefined ? undefined : url || null));

/** The social profile fields of `POST/PUT /api/generalInfo` and tRPC `siteInfo.create/update`. */
export const socialProfilesInputShape = {
  facebook_url: socialUrlInput('facebook_url'),
  instagram_url: socialUrlInput('instagram_url'),
  linkedin_url: socialUrlInput('linkedin_url'),
  youtube_url: socialUrlInput('youtube_url'),
  zalo_url: socialUrlInput('zalo_url'),
  tiktok_url: socialUrlInput('tiktok_url'),
};

/** The social profile fields as read: `null` for a network the owner has not set. */
export const socialProfilesShape = {
  facebook_url: z.string().nullable(),
  instagram_url: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  youtube_url: z.string().nullable(),
  zalo_url: z.string().nullable(),
  tiktok_url: z.string().nullable(),
} satisfies Record<SocialField, z.ZodType>;
export type SocialProfiles = { [field in SocialField]: string | null };
