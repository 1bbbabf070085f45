import type { Language } from '@blog/contracts';

/** A record's public address as its slug history keeps it: a slug in a language. */
export interface SlugAddress {
  slug: string;
  language: Language;
}
