import type { BlockReadRule, HtmlWriter } from '../block';
import { calloutKindOf, isCalloutKind, type CalloutElement } from './callout';

/** `<div class="callout callout-KIND" role="note">` of its label and its line. */
export function calloutHtml(callout: CalloutElement, write: HtmlWriter): string {
  const kind = calloutKindOf(callout.kind);
  return (
    `<div class="callout callout-${isCalloutKind(callout.kind) ? callout.kind : kind.value}" role="note">` +
    `<p class="callout-label">${kind.label}</p><p>${write.line(callout.children)}</p></div>`
  );
}

/** The editor's callout: its kind from the class, its text without the label. */
export const readCallout: BlockReadRule = {
  tag: 'div',
  className: 'callout',
  read: (element, place, reader) => {
    if (place.inCell) return 'content';
    const kind = Array.from(element.classList)
      .map((name) => name.replace(/^callout-/, ''))
      .find(isCalloutKind);
    const content = element.cloneNode(true) as Element;
    content.querySelectorAll('.callout-label').forEach((label) => label.remove());
    // The editor's callout is one paragraph: read as that line, its spaces as written (a lone one too).
    const only = content.children.length === 1 ? content.firstElementChild : null;
    const line = only?.localName.toLowerCase() === 'p' ? only : content;
    return { type: 'callout', kind: kind ?? 'note', children: reader.inlineContent(line) };
  },
};
