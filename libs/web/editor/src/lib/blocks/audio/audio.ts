import { Element } from 'slate';

/**
 * An audio clip uploaded to this site: a void block at the top level, written as
 * `<figure class="audio"><audio controls preload="none" src></audio><figcaption>` (see `audioFigureHtml`).
 */
export interface AudioElement {
  type: 'audio';
  /** `/uploads/{name}` of an audio upload. */
  url: string;
  /** Plain text under the player. */
  caption?: string;
  children: [{ text: '' }];
}

export const isAudio = (node: unknown): node is AudioElement => Element.isElement(node) && node.type === 'audio';
