import { Transforms } from 'slate';
import { safeAudioUrl } from '@blog/shared/html';
import type { CustomEditor } from '../../custom-types';
import type { AudioElement } from './audio';
import { isAudio } from './audio';

/** An audio block keeps only a clip of this site (any other could be neither written nor played) and a text caption. */
export function withAudio<T extends CustomEditor>(editor: T): T {
  const { normalizeNode } = editor;
  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (isAudio(node)) {
      if (!safeAudioUrl(node.url)) {
        Transforms.removeNodes(editor, { at: path, voids: true });
        return;
      }
      if (node.caption !== undefined && typeof node.caption !== 'string') {
        Transforms.unsetNodes<AudioElement>(editor, 'caption', { at: path, voids: true });
        return;
      }
    }
    normalizeNode(entry, options);
  };
  return editor;
}
