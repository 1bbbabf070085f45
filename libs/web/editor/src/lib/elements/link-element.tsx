import type { RenderElementProps } from 'slate-react';
import { useSelected } from 'slate-react';
import type { LinkElement as LinkNode } from '../custom-types';

/**
 * Put on both sides of a link so that Chromium places the cursor inside or outside it as expected
 * (see Slate's inlines example).
 */
const InlineChromiumBugfix = () => (
  <span contentEditable={false} className="rte-inline-bugfix">
    {String.fromCodePoint(160)}
  </span>
);

export function LinkElement({ attributes, children, element }: RenderElementProps & { element: LinkNode }) {
  const selected = useSelected();
  return (
    <a
      {...attributes}
      href={element.url}
      title={element.url}
      className={selected ? 'rte-link rte-link-selected' : 'rte-link'}
      {...(element.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      <InlineChromiumBugfix />
      {children}
      <InlineChromiumBugfix />
    </a>
  );
}
