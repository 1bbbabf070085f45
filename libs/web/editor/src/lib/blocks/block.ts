import type { ComponentType, ReactElement } from 'react';
import type { Descendant } from 'slate';
import type { RenderElementProps } from 'slate-react';
import type {
  CustomEditor,
  CustomElement,
  ImageElement,
  ImageFields,
  InlineElement,
  InlineNode,
  TopLevelElement,
} from '../custom-types';

/**
 * What one editor block is made of. Each block lives in its own folder (`blocks/<kind>/`) and is
 * listed once in `blocks/registry.ts`: the element renderer, the schema, the HTML writer and reader,
 * the toolbar and the slash menu all loop over that list, so adding a block touches its folder and
 * the registry only (its allowed HTML shape is declared in `@blog/shared/html` block-shapes, which
 * the server's sanitiser reads).
 */
export interface BlockDefinition<E extends CustomElement = CustomElement> {
  /** The `type` of its Slate element. */
  type: E['type'];
  /** How the editor draws it (in the tags and classes of its HTML, for the shared stylesheet). */
  render: (props: RenderElementProps & { element: E }) => ReactElement;
  /** Its HTML, exactly as the shared policy keeps it (`''` for nothing). */
  toHtml: (element: E, write: HtmlWriter) => string;
  /** How its HTML (the editor's own, or a foreign page's) is read: see `BlockReadRule`. */
  fromHtml?: readonly BlockReadRule[];
  /** Its plugin: normalisation and keys of its own. */
  plugin?: <T extends CustomEditor>(editor: T) => T;
  /** Holds no text of the document (its fields are its own inputs); Enter on it opens a line below. */
  isVoid?: true;
  /** Stands in a line of text (its plugin makes it inline); written where it stands by the line's writer. */
  isInline?: true;
  /**
   * Where it may stand: absent, the top level only (out of a list it splits it); else the element
   * types it lives in (a poem line in a poem, a cell in a row).
   */
  parents?: readonly string[];
  /** One line of inline content that is no text block (line commands leave it be; blocks in it are lifted). */
  isLine?: true;
  /**
   * Its text as lines, when it is pasted into a block's line (a table's rows, cells spaced; nothing
   * for a rule). Absent: its own inline content, or its line parts' (a poem's lines).
   */
  toLines?: (element: E) => InlineNode[][];
  /** Its buttons in the toolbar. */
  toolbar?: BlockToolbarEntry;
  /** What the slash menu offers for it. */
  slash?: readonly SlashItem[];
}

/** The parts of the HTML writer a block's `toHtml` uses. */
export interface HtmlWriter {
  /** A line of inline content (text with its marks, links, images, footnotes). */
  line: (children: readonly Descendant[]) => string;
  /** One line of plain text (a title, a caption), escaped; `''` when there is none. */
  plainText: (text: string | undefined) => string;
  /** An `<img>` of the image's source, alt text and size. */
  image: (image: ImageFields) => string;
  /** A footnote's reference, numbered in the document's order (its text goes to the list after the document). */
  footnote: (text: string) => string;
}

/** Where the reader stands when it meets an element. */
export interface ReadPlace {
  /** Inside a table cell: blocks there are read as their text. */
  inCell: boolean;
  /** In an ordinary paragraph: not a heading, a quote line or a list item. */
  inParagraph: boolean;
  inLink: boolean;
  inList: boolean;
}

/** The parts of the HTML reader a block's rule uses. */
export interface RuleReader {
  /** An element's content read as one line of inline content (its lines joined by line breaks). */
  inlineContent: (element: Element, options?: { preserveSpace?: true; ownMarks?: true }) => InlineNode[];
  /** An `<img>` as an image node, or null when its source is refused. */
  image: (img: Element) => ImageElement | null;
  /** The text of the document's footnote of this id (`fn-1`). */
  footnote: (id: string) => string;
}

/**
 * What a rule makes of an element: its block (or an inline element, for a reference in a line);
 * `'drop'`: nothing is kept of it; `'content'`: it is read as ordinary content (its text kept);
 * `'next'`: it is not this rule's, the next rule for the tag decides.
 */
export type ReadResult = TopLevelElement | InlineElement | 'drop' | 'content' | 'next';

/**
 * One reading rule, as in Slate's paste-html example (a lookup table by tag): an element of `tag`
 * (with `className`, when given) is the block's. Rules naming a class are tried before those that
 * take any element of the tag.
 */
export interface BlockReadRule {
  tag: string;
  className?: string;
  read: (element: Element, place: ReadPlace, reader: RuleReader) => ReadResult;
}

/** What the editor component gives the toolbar's block buttons (forms and file choosers are its own). */
export interface BlockToolbarProps {
  editor: CustomEditor;
  /** Runs an action on the editor's selection (given one at the end of the text if it has none). */
  run: (action: () => void) => void;
  /** Opens the video link form. */
  onVideo: () => void;
  videoOpen: boolean;
  /** An audio file chosen to be uploaded as an audio block (absent: no audio button). */
  onAudioFile?: (file: File) => void;
  onImageFiles: (files: File[]) => void;
  onGalleryFiles: (files: File[]) => void;
  onImageUrl: () => void;
  imageUrlOpen: boolean;
  /** The key of the block panel open under the toolbar (a table's size form), or null. */
  panel: string | null;
  setPanel: (key: string | null) => void;
}

/**
 * A block's place in the toolbar: its group ("insert": beside link and image; "blocks": the block
 * buttons), its buttons, and the keys of the buttons that show only with the caret in it (the toolbar
 * gives the tab stop back to its first item when such a button goes).
 */
export interface BlockToolbarEntry {
  group: 'insert' | 'blocks';
  Buttons: ComponentType<BlockToolbarProps>;
  contextual?: (editor: CustomEditor) => Record<string, boolean>;
  /** A group of its own after the block buttons, while the caret is in the block (a table's rows and columns). */
  Context?: ComponentType<BlockToolbarProps>;
  /** Its panel under the toolbar (shown while `panel` is its key). */
  Panel?: ComponentType<BlockToolbarProps>;
}

/** What the slash menu offers besides what the editor does alone: the forms of the toolbar. */
export interface SlashMenuActions {
  imageFromUrl: () => void;
  chooseImages: () => void;
  chooseGallery: () => void;
  video: () => void;
  /** Opens the audio file chooser (absent where audio cannot be uploaded). */
  chooseAudio?: () => void;
}

export interface SlashItem {
  key: string;
  label: string;
  /** Other words it is found by (English and Vietnamese). */
  keywords: string;
  run: (editor: CustomEditor, actions: SlashMenuActions) => void;
  /** Offered only when this holds (audio: only where clips can be uploaded). */
  available?: (actions: SlashMenuActions) => boolean;
}

/**
 * A block's random elements for the round-trip tests: each block folder holds a `sample.ts` exporting
 * `sample: BlockSample` (never imported by the editor itself); the test finds them, and checks that
 * every block of the registry has one.
 */
export interface BlockSample {
  /** The element type of the registry's block it samples. */
  type: CustomElement['type'];
  /** An element of the block at random (an inline one for an inline block). */
  make: (random: RandomSource) => TopLevelElement | InlineNode;
}

export interface RandomSource {
  next: () => number;
  int: (max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  /** Text of up to 8 characters of every kind (spaces, line breaks, accents, markup); none of `\n` with `code`. */
  text: (code?: boolean) => string;
  /** The inline content of a line: text with marks, links, images and the inline blocks' elements. */
  inlines: () => InlineNode[];
  /** The text of a block's own field (a caption, a title): one line, as an input holds it. */
  field: () => string;
  /** An optional field: absent, or some text (perhaps empty or only spaces). */
  maybe: <K extends string>(key: K, chance?: number) => Partial<Record<K, string>>;
  /** Image addresses: one of this site, one elsewhere, a data URL. */
  images: readonly string[];
  /** Audio clips of this site. */
  clips: readonly string[];
}

/** A block definition typed by its element, kept in the registry's list of all blocks. */
export const defineBlock = <E extends CustomElement>(definition: BlockDefinition<E>): BlockDefinition =>
  definition as unknown as BlockDefinition;
