import { Editor, Transforms, type Path, type Range } from 'slate';
import { safeAudioUrl } from '@blog/shared/html';
import type { CustomEditor } from '../../custom-types';
import type { AudioElement } from './audio';
import { insertTopLevelBlock } from '../../commands/insert-block';

/**
 * An audio block of the clip at `url` where `at` is (the selection when its upload started), the
 * caret on the line after it; false when the address is not a clip of this site.
 */
export function insertAudio(editor: CustomEditor, url: string, at: Range | null = editor.selection): boolean {
  const src = safeAudioUrl(url);
  if (!src) return false;
  if (at) Transforms.select(editor, at);
  const [index] = insertTopLevelBlock(editor, { type: 'audio', url: src, children: [{ text: '' }] });
  Transforms.select(editor, Editor.start(editor, [index + 1]));
  return true;
}

export function setAudioCaption(editor: CustomEditor, path: Path, caption: string): void {
  if (caption === '') Transforms.unsetNodes<AudioElement>(editor, 'caption', { at: path, voids: true });
  else Transforms.setNodes<AudioElement>(editor, { caption }, { at: path, voids: true });
}

/**
 * Uploads one audio file and hands its address to `place` (a vocabulary word's pronunciation); the
 * component sets it (progress and failures show under the editor, like images').
 */
export type AudioUploader = (file: File, place: (url: string) => void) => void;
const UPLOADERS = new WeakMap<CustomEditor, AudioUploader>();

export function setAudioUploader(editor: CustomEditor, uploader: AudioUploader | null): void {
  if (uploader) UPLOADERS.set(editor, uploader);
  else UPLOADERS.delete(editor);
}

export const audioUploader = (editor: CustomEditor): AudioUploader | undefined => UPLOADERS.get(editor);
