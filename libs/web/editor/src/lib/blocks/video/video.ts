import { Element } from 'slate';
import type { VideoProvider } from '@blog/shared/html';

/**
 * A YouTube or Vimeo video: a void block at the top level, written as its facade (a link to the video's
 * page around the poster and title; `@blog/shared/html` video-embeds). Visitors' pages make the player's
 * frame only when the video is played.
 */
export interface VideoElement {
  type: 'video';
  provider: VideoProvider;
  videoId: string;
  /** Plain text on the facade and the player's frame title; the provider's name when absent. */
  title?: string;
  /** Plain text under the video. */
  caption?: string;
  /** The video's thumbnail on this site (`/uploads/…`). */
  poster?: string;
  /** While the thumbnail is being imported to this site: its job's key (never written to HTML). */
  pending?: string;
  children: [{ text: '' }];
}

export const isVideo = (node: unknown): node is VideoElement => Element.isElement(node) && node.type === 'video';
