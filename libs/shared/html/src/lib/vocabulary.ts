import { escapeAttribute, escapeText, plainLine } from './plain-text';
import { safeAudioUrl } from './audio';

/**
 * A lesson's vocabulary: words with their IPA, part of speech, Vietnamese meaning and an example, as a
 * definition list the HTML policy keeps (`<dl class="vocabulary">` of `<div class="vocabulary-entry">`),
 * the word and example marked English and the meaning Vietnamese for screen readers. The public post
 * page reads the entries back for its `DefinedTermSet` structured data.
 */
export interface VocabularyEntry {
  word: string;
  ipa?: string;
  /** One of PARTS_OF_SPEECH. */
  pos?: string;
  meaning?: string;
  example?: string;
  /** The word's pronunciation: a clip uploaded here (`/uploads/{name}.mp3` …), played beside the word. */
  audio?: string;
}

export const PARTS_OF_SPEECH = [
  'noun',
  'verb',
  'adjective',
  'adverb',
  'pronoun',
  'preposition',
  'conjunction',
  'interjection',
  'phrasal verb',
  'idiom',
  'phrase',
] as const;

export const VOCABULARY_FIELDS = ['word', 'ipa', 'pos', 'meaning', 'example'] as const;
export type VocabularyField = (typeof VOCABULARY_FIELDS)[number];

/** The most words one block holds. */
export const MAX_VOCABULARY_ENTRIES = 100;

/** An entry's fields as stored: plain text, one line, composed accents; a part of speech from the list only. */
export function cleanVocabularyEntry(entry: VocabularyEntry): VocabularyEntry {
  const pos = plainLine(entry.pos);
  return {
    word: plainLine(entry.word),
    ...(plainLine(entry.ipa) && { ipa: plainLine(entry.ipa) }),
    ...((PARTS_OF_SPEECH as readonly string[]).includes(pos) && { pos }),
    ...(plainLine(entry.meaning) && { meaning: plainLine(entry.meaning) }),
    ...(plainLine(entry.example) && { example: plainLine(entry.example) }),
    ...(safeAudioUrl(entry.audio) && { audio: safeAudioUrl(entry.audio) as string }),
  };
}

/** The block's HTML: its entries that have a word, in order ('' when none has). */
export function vocabularyHtml(entries: readonly VocabularyEntry[]): string {
  const items = entries
    .map(cleanVocabularyEntry)
    .filter((entry) => entry.word)
    .map((entry) => {
      let term = `<span class="vocabulary-word" lang="en">${escapeText(entry.word)}</span>`;
      if (entry.ipa) term += ` <span class="vocabulary-ipa">${escapeText(entry.ipa)}</span>`;
      if (entry.pos) term += ` <span class="vocabulary-pos">${entry.pos}</span>`;
      // A small player (styled to its play button) with its own accessible name; nothing loads before play.
      if (entry.audio)
        term += ` <audio class="vocabulary-audio" controls preload="none" src="${escapeAttribute(entry.audio)}" aria-label="${escapeAttribute(`Pronunciation of ${entry.word}`)}"></audio>`;
      let html = `<div class="vocabulary-entry"><dt>${term}</dt>`;
      if (entry.meaning) html += `<dd class="vocabulary-meaning" lang="vi">${escapeText(entry.meaning)}</dd>`;
      if (entry.example) html += `<dd class="vocabulary-example" lang="en">${escapeText(entry.example)}</dd>`;
      return `${html}</div>`;
    });
  return items.length > 0 ? `<dl class="vocabulary">${items.join('')}</dl>` : '';
}

const unescape = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');

const ENTRY = /<div class="vocabulary-entry">([\s\S]*?)<\/div>/g;
const part = (html: string, pattern: RegExp): string | undefined => {
  const match = pattern.exec(html);
  return match ? unescape(match[1]) : undefined;
};

/**
 * The vocabulary entries of stored (sanitised) HTML, in order: the fields are plain text there, so the
 * policy's own markup is read as written.
 */
export function vocabularyEntriesOf(html: string): VocabularyEntry[] {
  if (!html.includes('class="vocabulary-entry"')) return [];
  return Array.from(html.matchAll(ENTRY), ([, entry]) =>
    cleanVocabularyEntry({
      word: part(entry, /<span class="vocabulary-word"[^>]*>([^<]*)<\/span>/) ?? '',
      ipa: part(entry, /<span class="vocabulary-ipa">([^<]*)<\/span>/),
      pos: part(entry, /<span class="vocabulary-pos">([^<]*)<\/span>/),
      meaning: part(entry, /<dd class="vocabulary-meaning"[^>]*>([^<]*)<\/dd>/),
      example: part(entry, /<dd class="vocabulary-example"[^>]*>([^<]*)<\/dd>/),
      audio: part(entry, /<audio class="vocabulary-audio"[^>]* src="([^"]*)"/),
    }),
  ).filter((entry) => entry.word);
}
