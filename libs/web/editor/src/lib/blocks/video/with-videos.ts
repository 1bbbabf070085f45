import { Element, Node, Transforms } from 'slate';
import { parseVideoUrl, videoRef, type VideoRef } from '@blog/shared/html';
import type { CustomEditor } from '../../custom-types';
import { isSelectionInCode } from '../../nodes';
import { isVideo } from './video';
import { settleReturningVideo } from './commands';

/**
 * A video whose provider or id is not a known one's is removed (it could be neither written nor
 * played); one whose thumbnail job ended meanwhile is settled (see `settleReturningVideo`).
 */
export function withVideos<T extends CustomEditor>(editor: T): T {
  const { normalizeNode } = editor;
  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (isVideo(node) && !videoRef(node.provider, node.videoId)) {
      Transforms.removeNodes(editor, { at: path, voids: true });
      return;
    }
    if (isVideo(node) && settleReturningVideo(editor, node, path)) return;
    normalizeNode(entry, options);
  };
  return editor;
}

/** Who inserts a pasted video (the component sets itself: it fetches the video's thumbnail too). */
export type VideoInserter = (video: VideoRef) => void;
const INSERTERS = new WeakMap<CustomEditor, VideoInserter>();

export function setVideoInserter(editor: CustomEditor, inserter: VideoInserter | null): void {
  if (inserter) INSERTERS.set(editor, inserter);
  else INSERTERS.delete(editor);
}

export const videoInserter = (editor: CustomEditor): VideoInserter | undefined => INSERTERS.get(editor);

/** The caret is on an empty top-level line (where a pasted video link becomes the video, as in Ghost). */
function onEmptyLine(editor: CustomEditor): boolean {
  const { selection } = editor;
  if (!selection || selection.anchor.path[0] !== selection.focus.path[0]) return false;
  const block = editor.children[selection.anchor.path[0]];
  return (
    Element.isElement(block) && block.type === 'paragraph' && Node.string(block) === '' && block.children.length === 1
  );
}

/**
 * A YouTube or Vimeo link pasted alone on an empty line becomes the video (pasted within text, or
 * any other link, it stays a link).
 */
export function withVideoPaste<T extends CustomEditor>(editor: T): T {
  const { insertData } = editor;
  editor.insertData = (data) => {
    const text = data.getData('text/plain').trim();
    const video = text && !/\s/.test(text) && !isSelectionInCode(editor) ? parseVideoUrl(text) : null;
    const inserter = videoInserter(editor);
    if (video && inserter && onEmptyLine(editor)) {
      inserter(video);
      return;
    }
    insertData(data);
  };
  return editor;
}
