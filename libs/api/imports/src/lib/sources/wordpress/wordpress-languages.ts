import type { SourceKey } from '../source-model';
import type { WxrRecord } from './wxr-xml';

/**
 * The language data of the two multilingual plugins WordPress sites use, as their exports carry it:
 *
 * - Polylang: an item's `<category domain="language" nicename="vi">` and `<category
 *   domain="post_translations" nicename="pll_…">`; the `post_translations` and `term_translations` terms
 *   (`<wp:term>`) whose description is a serialized PHP array of language → post or term id
 *   (`a:2:{s:2:"en";i:12;s:2:"vi";i:34;}`): the only place a category's language is written.
 * - WPML: the post meta `_wpml_language` (or `_wpml_import_language_code`) and
 *   `_wpml_import_translation_group`, or the `<wpml_language>` / `<wpml_translation>` elements of WPML's
 *   own export.
 */

/** A version's language (as the source names it, folded: `pt_BR` → `pt`) and the key of its translation group. */
export interface SourceLanguage {
  language?: string;
  translationKey?: SourceKey;
}

/** `vi`, `en_US`, `pt-br`, `VI` → `vi`, `en`, `pt`, `vi`; '' for nothing readable. */
export function languageCode(value: string): string {
  return /^[a-z]{2,3}/i.exec(value.trim())?.[0].toLowerCase() ?? '';
}

/**
 * A serialized PHP array of language → id as Polylang writes its translation groups
 * (`a:2:{s:2:"en";i:12;s:2:"vi";i:34;}`), as a map; an id written as a string is read too.
 */
export function polylangGroup(serialized: string): Map<string, string> {
  const members = new Map<string, string>();
  for (const [, language, id, quoted] of serialized.matchAll(/s:\d+:"([^"]*)";(?:i:(\d+)|s:\d+:"(\d+)");/g)) {
    const code = languageCode(language);
    if (code) members.set(code, id ?? quoted);
  }
  return members;
}

/** What the first pass collects of the groups: each post's and each category's (by term id) language and group. */
export class WordPressLanguages {
  private readonly posts = new Map<string, Required<SourceLanguage>>();
  private readonly terms = new Map<string, Required<SourceLanguage>>();

  /** Reads a `<wp:term>` of Polylang's groups (`post_translations`, `term_translations`); others are left. */
  addTerm(taxonomy: string, slug: string, description: string): void {
    const into = taxonomy === 'post_translations' ? this.posts : taxonomy === 'term_translations' ? this.terms : null;
    if (!into || !slug) return;
    for (const [language, id] of polylangGroup(description)) {
      into.set(id, { language, translationKey: `wp:translations:${taxonomy}:${slug}` });
    }
  }

  /** A post's language and group: its own terms or meta first, then the group term naming it. */
  ofPost(item: WxrRecord, id: string): SourceLanguage {
    const term = (domain: string) => item.terms.find((one) => one.domain === domain)?.nicename.trim() ?? '';
    const first = (...values: Array<string | undefined>) => values.map((value) => value?.trim() ?? '').find(Boolean);
    const group = this.posts.get(id);
    const language =
      languageCode(
        first(
          term('language'),
          item.meta.get('_wpml_language'),
          item.meta.get('_wpml_import_language_code'),
          item.fields.get('wpml_language'),
        ) ?? '',
      ) || group?.language;
    const pll = term('post_translations');
    const wpml = first(item.meta.get('_wpml_import_translation_group'), item.fields.get('wpml_translation'));
    const translationKey = pll
      ? `wp:translations:post_translations:${pll}`
      : wpml
        ? `wp:translations:wpml:${wpml}`
        : group?.translationKey;
    return { ...(language ? { language } : {}), ...(translationKey ? { translationKey } : {}) };
  }

  /** A category's language and group, by its term id (Polylang's `term_translations`). */
  ofTerm(termId: string): SourceLanguage {
    return this.terms.get(termId) ?? {};
  }
}
