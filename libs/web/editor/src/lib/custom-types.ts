import type { BaseEditor, BaseRange } from 'slate';
import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';
import type { CodeLanguage } from '@blog/shared/html';
import type { BlockPartElement, InlineBlockElement, TopLevelBlockElement } from './blocks/registry';

// The blocks' own elements are declared in their folders (blocks/<kind>/) and listed by the registry.
export type * from './blocks/registry';

/**
 * The editor's document model. It mirrors what the shared HTML policy keeps, line by line as Quill
 * does: every text block (paragraph, heading, quote line, list item, code line) is one line, lists and
 * code blocks are containers of lines, and indentation is a level (1-8) on the line, never nesting.
 */

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/** The inline formats ("marks") a piece of text can carry. */
export interface FormattedText {
  text: string;
  bold?: true;
  italic?: true;
  underline?: true;
  strike?: true;
  /** A lower-case `#rrggbb` colour. */
  color?: string;
  /** The language of the run (`<span lang>`), for screen readers to switch voice. */
  lang?: InlineLanguage;
  /** Decoration only (never stored): the highlight.js classes of a code token. */
  token?: string;
}

export type InlineLanguage = 'en' | 'vi';

export type MarkFormat = 'bold' | 'italic' | 'underline' | 'strike';

export interface LinkElement {
  type: 'link';
  url: string;
  /** Opens in a new tab (`target="_blank" rel="noopener noreferrer"`). */
  newTab?: true;
  children: FormattedText[];
}

/** What an image is, inline in a line of text or on its own as a figure. */
export interface ImageFields {
  url: string;
  /**
   * While a pasted image is being uploaded or imported to this site: its job's id (never written to
   * HTML: an image is saved only once it is on this site).
   */
  pending?: string;
  alt?: string;
  width?: number;
  height?: number;
  children: [{ text: '' }];
}

export interface ImageElement extends ImageFields {
  type: 'image';
}

export type InlineElement = LinkElement | ImageElement | InlineBlockElement;
export type InlineNode = FormattedText | InlineElement;

interface IndentableLine {
  /** 1-8; absent means not indented. */
  indent?: number;
  children: InlineNode[];
}

export interface ParagraphElement extends IndentableLine {
  type: 'paragraph';
}

export interface HeadingElement extends IndentableLine {
  type: 'heading';
  level: HeadingLevel;
}

export interface BlockQuoteElement extends IndentableLine {
  type: 'block-quote';
}

export interface ListItemElement extends IndentableLine {
  type: 'list-item';
}

export type ListType = 'bulleted-list' | 'numbered-list';

export interface ListElement {
  type: ListType;
  children: ListItemElement[];
}

export interface CodeLineElement {
  type: 'code-line';
  children: FormattedText[];
}

export interface CodeBlockElement {
  type: 'code-block';
  language: CodeLanguage;
  children: CodeLineElement[];
}

/** A block that holds text: one line of the document. */
export type TextBlockElement =
  ParagraphElement | HeadingElement | BlockQuoteElement | ListItemElement | CodeLineElement;
export type IndentableElement = ParagraphElement | HeadingElement | BlockQuoteElement | ListItemElement;
/** What the editor itself holds: the text blocks and the registry's blocks. */
export type TopLevelElement =
  ParagraphElement | HeadingElement | BlockQuoteElement | ListElement | CodeBlockElement | TopLevelBlockElement;

export type CustomElement = TopLevelElement | ListItemElement | CodeLineElement | BlockPartElement | InlineElement;
export type CustomElementType = CustomElement['type'];

/** A decoration: a code token's highlight classes over a range of one code line. */
export type TokenRange = BaseRange & { token: string };

export type CustomEditor = BaseEditor & ReactEditor & HistoryEditor;

declare module 'slate' {
  interface CustomTypes {
    Editor: CustomEditor;
    Element: CustomElement;
    Text: FormattedText;
    Range: BaseRange & { token?: string };
  }
}
