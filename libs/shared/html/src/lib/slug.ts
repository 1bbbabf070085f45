import slugifyText from 'slugify';
import { SLUG_MAX_LENGTH } from '@blog/contracts';

/**
 * A URL slug from a title, Vietnamese letters folded ("Tiếng Anh cơ bản" → "tieng-anh-co-ban"):
 * lower-case a-z, 0-9 and single hyphens only.
 */
export function toSlug(text: string): string {
  return slugifyText(text, { lower: true, strict: true, locale: 'vi', trim: true })
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}
