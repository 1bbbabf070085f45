import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@blog/contracts';
import { en, type Messages } from './messages/en';
import { vi } from './messages/vi';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

/** Each language's catalogue, by its code (a language of `LANGUAGES` without one fails the typecheck). */
const MESSAGES: Record<Language, Messages> = { en, vi };

// One instance for the site, given every catalogue at once: nothing is fetched, so it is ready
// (synchronously, on the server as in the browser) before the first page renders.
const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(LANGUAGES.map((language) => [language, { translation: MESSAGES[language] }])),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: false,
  initAsync: false,
  // React escapes what it renders; escaping here too would show `&amp;`.
  interpolation: { escapeValue: false },
  // No advertisement in the server's log and every visitor's console.
  showSupportNotice: false,
});

/** The language the server words its own messages in (a refused field's): pages in another say theirs. */
export const SERVER_MESSAGES_LANGUAGE: Language = 'en';

/** The public pages' `t`, one per language, fixed to it. */
export type Translate = TFunction<'translation'>;

const FIXED: Record<Language, Translate> = Object.fromEntries(
  LANGUAGES.map((language) => [language, i18n.getFixedT(language)]),
) as Record<Language, Translate>;

/** The words of `language`, outside React (or for another language than the page's: the switcher's notice). */
export function translatorOf(language: Language): Translate {
  return FIXED[language];
}
