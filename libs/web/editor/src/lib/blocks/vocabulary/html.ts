import { cleanVocabularyEntry, vocabularyHtml as writeVocabulary } from '@blog/shared/html';
import type { BlockReadRule } from '../block';
import type { VocabularyElement } from './vocabulary';

export const vocabularyHtml = (vocabulary: VocabularyElement): string => writeVocabulary(vocabulary.entries);

/** The editor's vocabulary list (its words; an entry without one is left out). */
export const readVocabulary: BlockReadRule = {
  tag: 'dl',
  className: 'vocabulary',
  read: (element, place) => {
    if (place.inCell) return 'content';
    const text = (entry: Element, selector: string) => entry.querySelector(selector)?.textContent ?? undefined;
    const entries = Array.from(element.querySelectorAll('.vocabulary-entry'), (entry) =>
      cleanVocabularyEntry({
        word: text(entry, '.vocabulary-word') ?? '',
        ipa: text(entry, '.vocabulary-ipa'),
        pos: text(entry, '.vocabulary-pos'),
        meaning: text(entry, '.vocabulary-meaning'),
        example: text(entry, '.vocabulary-example'),
        audio: entry.querySelector('audio.vocabulary-audio')?.getAttribute('src') ?? undefined,
      }),
    ).filter((entry) => entry.word);
    if (entries.length === 0 || !place.inParagraph) return 'drop';
    return { type: 'vocabulary', entries, children: [{ text: '' }] };
  },
};
