import type { BlockReadRule, HtmlWriter } from '../block';
import type { PoemElement, PoemLineElement } from './poem';

/** `<div class="poem">` (and `poem-centered`) of its title, line and author paragraphs. */
export function poemHtml(poem: PoemElement, write: HtmlWriter): string {
  const title = write.plainText(poem.title);
  const author = write.plainText(poem.author);
  let html = title ? `<p class="poem-title">${title}</p>` : '';
  html += poem.children.map((line) => `<p class="poem-line">${write.line(line.children)}</p>`).join('');
  if (author) html += `<p class="poem-author">${author}</p>`;
  return `<div class="${poem.centered ? 'poem poem-centered' : 'poem'}">${html}</div>`;
}

/** The editor's poem: title, author, and each line (a line break in a line makes another). */
export const readPoem: BlockReadRule = {
  tag: 'div',
  className: 'poem',
  read: (element, place, reader) => {
    if (place.inCell) return 'content';
    const poem: PoemElement = { type: 'poem', children: [] };
    if (element.classList.contains('poem-centered')) poem.centered = true;
    for (const child of Array.from(element.children)) {
      const text = (child.textContent ?? '').replace(/\s+/g, ' ').trim().normalize('NFC');
      if (child.classList.contains('poem-title')) {
        if (text) poem.title = text;
      } else if (child.classList.contains('poem-author')) {
        if (text) poem.author = text;
      } else {
        const line: PoemLineElement = {
          type: 'poem-line',
          children: reader.inlineContent(child, { preserveSpace: true }),
        };
        poem.children.push(line);
      }
    }
    if (poem.children.length === 0) poem.children.push({ type: 'poem-line', children: [{ text: '' }] });
    return poem;
  },
};
