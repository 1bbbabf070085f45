import type { ReactNode } from 'react';
import type { RenderLeafProps } from 'slate-react';

/** A run of text with its marks, colour, language, and (in code) its highlight token classes. */
export function Leaf({ attributes, children, leaf }: RenderLeafProps) {
  let content: ReactNode = children;
  if (leaf.bold) content = <strong>{content}</strong>;
  if (leaf.italic) content = <em>{content}</em>;
  if (leaf.underline) content = <u>{content}</u>;
  if (leaf.strike) content = <s>{content}</s>;
  return (
    <span
      {...attributes}
      className={leaf.lang ? ['rte-lang', leaf.token].filter(Boolean).join(' ') : leaf.token}
      lang={leaf.lang}
      style={leaf.color ? { color: leaf.color } : undefined}
    >
      {content}
    </span>
  );
}

export const renderLeaf = (props: RenderLeafProps) => <Leaf {...props} />;
