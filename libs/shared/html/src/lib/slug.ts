import slugifyText from 'slugify';
import { SLUG_MAX_LENGTH } from '@blog/contracts';

/**
 * Text folded to its words the way slugs are: Vietnamese letters without their accents (đ → d),
 * lower-case a-z and 0-9, words joined by single hyphens ("Hà Giang!" → "ha-giang"). Two texts
 * that differ only in accents, case or punctuation fold alike.
 */
export function foldText(text: string): string {
  return slugifyText(text, { lower: true, strict: true, locale: 'vi', trim: true });
}

/**
 * A URL slug from a title, Vietnamese letters folded ("Tiếng Anh cơ bản" → "tieng-anh-co-ban"):
 * lower-case a-z, 0-9 and single hyphens only.
 */
export function toSlug(text: string): string {
  return foldText(text).slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '');
}
