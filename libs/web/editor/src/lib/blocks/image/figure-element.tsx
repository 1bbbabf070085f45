import type { RenderElementProps } from 'slate-react';
import { useFocused, useSelected } from 'slate-react';
import type { FigureElement as FigureNode } from './figure';

/** A captioned image (a void block), in the `<figure>` and `<figcaption>` it is written as; outlined when selected. */
export function FigureElement({ attributes, children, element }: RenderElementProps & { element: FigureNode }) {
  const selected = useSelected();
  const focused = useFocused();
  return (
    <figure
      {...attributes}
      contentEditable={false}
      className={selected && focused ? 'rte-figure rte-image-selected' : 'rte-figure'}
      data-pending={element.pending ? 'true' : undefined}
    >
      <img src={element.url} alt={element.alt ?? ''} width={element.width} height={element.height} draggable={false} />
      {element.caption && <figcaption>{element.caption}</figcaption>}
      {children}
    </figure>
  );
}
