import type { RenderElementProps } from 'slate-react';
import { blockOf } from '../blocks/registry';
import { CodeBlockElement } from './code-block-element';
import { ImageElement } from './image-element';
import { LinkElement } from './link-element';

const indentClass = (indent: number | undefined): string | undefined => (indent ? `indent-${indent}` : undefined);

/** Renders each element of the document in the tags its HTML has (Quill's look comes from editor.css). */
export function Element(props: RenderElementProps) {
  const { attributes, children, element } = props;
  const block = blockOf(element.type);
  if (block) return block.render(props);
  switch (element.type) {
    case 'heading': {
      const Tag = `h${element.level}` as const;
      return (
        <Tag {...attributes} className={indentClass(element.indent)}>
          {children}
        </Tag>
      );
    }
    case 'block-quote':
      return (
        <blockquote {...attributes} className={indentClass(element.indent)}>
          {children}
        </blockquote>
      );
    case 'bulleted-list':
      return <ul {...attributes}>{children}</ul>;
    case 'numbered-list':
      return <ol {...attributes}>{children}</ol>;
    case 'list-item':
      return (
        <li {...attributes} className={indentClass(element.indent)}>
          {children}
        </li>
      );
    case 'code-block':
      return <CodeBlockElement {...props} element={element} />;
    case 'code-line':
      return (
        <div {...attributes} className="rte-code-line">
          {children}
        </div>
      );
    case 'link':
      return <LinkElement {...props} element={element} />;
    case 'image':
      return <ImageElement {...props} element={element} />;
    default:
      return (
        <p {...attributes} className={indentClass('indent' in element ? element.indent : undefined)}>
          {children}
        </p>
      );
  }
}

export const renderElement = (props: RenderElementProps) => <Element {...props} />;
