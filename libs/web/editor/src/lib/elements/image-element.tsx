import type { RenderElementProps } from 'slate-react';
import { useFocused, useSelected } from 'slate-react';
import type { ImageElement as ImageNode } from '../custom-types';

/** An image inside a line of text (an inline void); outlined when selected. */
export function ImageElement({ attributes, children, element }: RenderElementProps & { element: ImageNode }) {
  const selected = useSelected();
  const focused = useFocused();
  return (
    <span
      {...attributes}
      contentEditable={false}
      className={selected && focused ? 'rte-image rte-image-selected' : 'rte-image'}
      // Being uploaded or imported (a pasted image): shown faded until it is on this site.
      data-pending={element.pending ? 'true' : undefined}
    >
      <img src={element.url} alt={element.alt ?? ''} width={element.width} height={element.height} draggable={false} />
      {children}
    </span>
  );
}
