import type { BlockReadRule, HtmlWriter } from '../block';
import type { FootnoteElement } from './footnote';

export const footnoteHtml = (footnote: FootnoteElement, write: HtmlWriter): string => write.footnote(footnote.note);

/** The notes of the editor's `ol.footnotes` (taken out of the document: they come back with their references). */
export function takeFootnotes(body: HTMLElement): Map<string, string> {
  const notes = new Map<string, string>();
  for (const list of Array.from(body.querySelectorAll('ol.footnotes'))) {
    for (const item of Array.from(list.querySelectorAll('li[id]'))) {
      item.querySelectorAll('a.footnote-back').forEach((back) => back.remove());
      notes.set(item.id, (item.textContent ?? '').replace(/\s+/g, ' ').trim().normalize('NFC'));
    }
    list.remove();
  }
  return notes;
}

/** A footnote's reference (`sup.footnote-ref`): the note of its id, taken from the list beforehand. */
export const readFootnote: BlockReadRule = {
  tag: 'sup',
  className: 'footnote-ref',
  read: (sup, _place, reader) => {
    const id = sup.querySelector('a')?.getAttribute('href')?.replace(/^#/, '') ?? '';
    return { type: 'footnote', note: reader.footnote(id), children: [{ text: '' }] };
  },
};
