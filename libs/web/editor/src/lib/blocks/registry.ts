import { Element } from 'slate';
import type { CustomElementType } from '../custom-types';
import type { BlockDefinition, SlashItem } from './block';
import { tableBlock, tableCellBlock, tableRowBlock } from './table';
import type { TableCellElement, TableElement, TableRowElement } from './table/table';
import { calloutBlock } from './callout';
import type { CalloutElement } from './callout/callout';
import { poemBlock, poemLineBlock } from './poem';
import type { PoemElement, PoemLineElement } from './poem/poem';
import { ruleBlock } from './rule';
import type { RuleElement } from './rule/rule';
import { vocabularyBlock } from './vocabulary';
import type { VocabularyElement } from './vocabulary/vocabulary';
import { imageBlock } from './image';
import type { FigureElement } from './image/figure';
import { galleryBlock } from './gallery';
import type { GalleryElement } from './gallery/gallery';
import { videoBlock } from './video';
import type { VideoElement } from './video/video';
import { audioBlock } from './audio';
import type { AudioElement } from './audio/audio';
import { footnoteBlock } from './footnote';
import type { FootnoteElement } from './footnote/footnote';

export type {
  TableElement,
  TableRowElement,
  TableCellElement,
  CalloutElement,
  PoemElement,
  PoemLineElement,
  RuleElement,
  VocabularyElement,
  FigureElement,
  GalleryElement,
  VideoElement,
  AudioElement,
  FootnoteElement,
};

/**
 * Every editor block, once. The element renderer, the schema (plugins, voids, where a block may
 * stand), the HTML writer and reader, the toolbar, the slash menu and the round-trip tests loop over
 * this list; its order is the toolbar's and the slash menu's.
 */
export const BLOCKS: readonly BlockDefinition[] = [
  tableBlock,
  tableRowBlock,
  tableCellBlock,
  ruleBlock,
  calloutBlock,
  poemBlock,
  poemLineBlock,
  vocabularyBlock,
  imageBlock,
  galleryBlock,
  videoBlock,
  audioBlock,
  footnoteBlock,
];

/** The elements of the blocks that stand at the top level of the document. */
export type TopLevelBlockElement =
  | TableElement
  | RuleElement
  | CalloutElement
  | PoemElement
  | VocabularyElement
  | FigureElement
  | GalleryElement
  | VideoElement
  | AudioElement;
/** The blocks' elements that stand in a line of text. */
export type InlineBlockElement = FootnoteElement;
/** The elements that live only inside a block (a poem's lines, a table's rows and cells). */
export type BlockPartElement = TableRowElement | TableCellElement | PoemLineElement;

const BY_TYPE = new Map<string, BlockDefinition>(BLOCKS.map((block) => [block.type, block]));

/** The definition of the block of this element type, if it is one. */
export const blockOf = (type: string): BlockDefinition | undefined => BY_TYPE.get(type);

export const BLOCK_TYPES: readonly CustomElementType[] = BLOCKS.map((block) => block.type);

const blockOfNode = (node: unknown): BlockDefinition | undefined =>
  Element.isElement(node) ? BY_TYPE.get(node.type) : undefined;

/** Elements that are one line of inline content but no text block (line commands leave them be). */
export const isBlockLine = (node: unknown): boolean => blockOfNode(node)?.isLine === true;

/** The blocks that stand only at the top level of the document. */
export const isTopLevelOnly = (node: unknown): boolean => {
  const block = blockOfNode(node);
  return block !== undefined && block.parents === undefined && !block.isInline;
};

/** The block types that hold no text of the document. */
export const VOID_BLOCK_TYPES: ReadonlySet<string> = new Set(
  BLOCKS.filter((block) => block.isVoid).map((block) => block.type),
);

/** The slash menu's items of the blocks, in the registry's order. */
export const BLOCK_SLASH_ITEMS: readonly SlashItem[] = BLOCKS.flatMap((block) => block.slash ?? []);
