import { Editor, Transforms, type Path } from 'slate';
import type { VideoRef } from '@blog/shared/html';
import type { CustomEditor } from '../../custom-types';
import type { VideoElement } from './video';
import { isVideo } from './video';
import { insertTopLevelBlock } from '../../commands/insert-block';

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

/** What a thumbnail job ended with: the poster (null: none) and the video's title when its host said it. */
export interface SettledPoster {
  poster: string | null;
  title?: string | null;
}

/** How each finished thumbnail job ended, per editor, for a pending video an undo brings back. */
const SETTLED = new WeakMap<CustomEditor, Map<string, SettledPoster>>();

/** How the poster job `key` ended, or undefined while it runs. */
export const settledPoster = (editor: CustomEditor, key: string): SettledPoster | undefined =>
  SETTLED.get(editor)?.get(key);

function settle(editor: CustomEditor, path: Path, { poster, title }: SettledPoster): void {
  const node = Editor.node(editor, path)[0] as VideoElement;
  // The host's title names the video until the writer gives one (never over theirs).
  const named = title && !node.title ? { title } : {};
  if (poster || named.title)
    Transforms.setNodes<VideoElement>(editor, { ...(poster ? { poster } : {}), ...named }, { at: path, voids: true });
  Transforms.unsetNodes(editor, 'pending', { at: path, voids: true });
}

/**
 * Ends the thumbnail job `key`: its videos (copies too) show `poster`, or none when it is null (the
 * video stays: visitors see its play button on a plain background, until the owner chooses a
 * picture), and `title` when they have none. Answers whether any was there.
 */
export function settleVideoPoster(editor: CustomEditor, key: string, result: SettledPoster): boolean {
  let settled = SETTLED.get(editor);
  if (!settled) SETTLED.set(editor, (settled = new Map()));
  settled.set(key, result);
  const paths = Array.from(
    Editor.nodes(editor, { at: [], voids: true, match: (node) => isVideo(node) && node.pending === key }),
    ([, path]) => path,
  );
  Editor.withoutNormalizing(editor, () => {
    for (const path of paths) settle(editor, path, result);
  });
  return paths.length > 0;
}

/** Settles a pending video that comes back (undo, redo, a copy pasted) after its thumbnail job ended. */
export function settleReturningVideo(editor: CustomEditor, node: VideoElement, path: Path): boolean {
  const result = node.pending ? settledPoster(editor, node.pending) : undefined;
  if (result === undefined) return false;
  settle(editor, path, result);
  return true;
}

/** The picture the owner chose for a video (their upload), or none. */
export function setVideoPoster(editor: CustomEditor, path: Path, poster: string | null): void {
  if (poster) Transforms.setNodes<VideoElement>(editor, { poster }, { at: path, voids: true });
  else Transforms.unsetNodes(editor, 'poster', { at: path, voids: true });
}

export function setVideoField(editor: CustomEditor, path: number[], field: 'title' | 'caption', value: string): void {
  if (value === '') Transforms.unsetNodes(editor, field, { at: path, voids: true });
  else Transforms.setNodes<VideoElement>(editor, { [field]: value }, { at: path, voids: true });
}
