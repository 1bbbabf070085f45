import { Editor, Transforms, type Path } from 'slate';
import type { VideoRef } from '@blog/shared/html';
import type { CustomEditor, VideoElement } from '../custom-types';
import { isVideo } from '../nodes';
import { insertTopLevelBlock } from './insert-block';

/**
 * A video block where the caret is (see `insertTopLevelBlock`), the caret on the line after it.
 * `pending` marks its thumbnail as on its way (see `settleVideoPoster`).
 */
export function insertVideo(editor: CustomEditor, video: VideoRef, pending?: string): void {
  const block: VideoElement = { type: 'video', provider: video.provider, videoId: video.id, children: [{ text: '' }] };
  if (pending) block.pending = pending;
  const [at] = insertTopLevelBlock(editor, block);
  Transforms.select(editor, Editor.start(editor, [at + 1]));
}

/** How each finished thumbnail job ended, per editor, for a pending video an undo brings back. */
const SETTLED = new WeakMap<CustomEditor, Map<string, string | null>>();

/** The poster job `key` ended with (null: none), or undefined while it runs. */
export const settledPoster = (editor: CustomEditor, key: string): string | null | undefined =>
  SETTLED.get(editor)?.get(key);

function settle(editor: CustomEditor, path: Path, poster: string | null): void {
  if (poster) Transforms.setNodes<VideoElement>(editor, { poster }, { at: path, voids: true });
  Transforms.unsetNodes(editor, 'pending', { at: path, voids: true });
}

/**
 * Ends the thumbnail job `key`: its videos (copies too) show `poster`, or none when it is null (the
 * video stays: visitors see its play button on a plain background). Answers whether any was there.
 */
export function settleVideoPoster(editor: CustomEditor, key: string, poster: string | null): boolean {
  let settled = SETTLED.get(editor);
  if (!settled) SETTLED.set(editor, (settled = new Map()));
  settled.set(key, poster);
  const paths = Array.from(
    Editor.nodes(editor, { at: [], voids: true, match: (node) => isVideo(node) && node.pending === key }),
    ([, path]) => path,
  );
  Editor.withoutNormalizing(editor, () => {
    for (const path of paths) settle(editor, path, poster);
  });
  return paths.length > 0;
}

/** Settles a pending video that comes back (undo, redo, a copy pasted) after its thumbnail job ended. */
export function settleReturningVideo(editor: CustomEditor, node: VideoElement, path: Path): boolean {
  const poster = node.pending ? settledPoster(editor, node.pending) : undefined;
  if (poster === undefined) return false;
  settle(editor, path, poster);
  return true;
}

export function setVideoField(editor: CustomEditor, path: number[], field: 'title' | 'caption', value: string): void {
  if (value === '') Transforms.unsetNodes(editor, field, { at: path, voids: true });
  else Transforms.setNodes<VideoElement>(editor, { [field]: value }, { at: path, voids: true });
}
