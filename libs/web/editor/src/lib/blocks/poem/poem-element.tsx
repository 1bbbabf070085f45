import type { RenderElementProps } from 'slate-react';
import { useSlateStatic } from 'slate-react';
import { BlockField, useElementPath } from '../../elements/block-field';
import { setPoemField } from './commands';
import type { PoemElement as PoemNode, PoemLineElement as PoemLineNode } from './poem';

/** A poem in its public markup; its title and author are plain-text fields around its lines. */
export function PoemElement({ attributes, children, element }: RenderElementProps & { element: PoemNode }) {
  const editor = useSlateStatic();
  const path = useElementPath(element);
  const field = (name: 'title' | 'author', label: string) => (
    <p className={`poem-${name}`} contentEditable={false}>
      <BlockField
        label={label}
        value={element[name] ?? ''}
        onChange={(value) => setPoemField(editor, path(), name, value)}
      />
    </p>
  );
  return (
    <div {...attributes} className={element.centered ? 'poem poem-centered' : 'poem'}>
      {field('title', 'Poem title')}
      {children}
      {field('author', 'Poem author')}
    </div>
  );
}

export function PoemLineElement({ attributes, children }: RenderElementProps & { element: PoemLineNode }) {
  return (
    <p {...attributes} className="poem-line">
      {children}
    </p>
  );
}
