import type { RenderElementProps } from 'slate-react';
import { useReadOnly, useSelected } from 'slate-react';
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
  const readOnly = useReadOnly();
  return (
    <a
      {...attributes}
      // While editing, a click in a link places the cursor: it never follows the link (Ctrl/Cmd+click is left to the browser).
      onClick={readOnly ? undefined : (event) => !event.ctrlKey && !event.metaKey && event.preventDefault()}
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
