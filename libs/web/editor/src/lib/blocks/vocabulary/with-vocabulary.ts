import { Transforms } from 'slate';
import { MAX_VOCABULARY_ENTRIES, safeAudioUrl, type VocabularyEntry } from '@blog/shared/html';
import type { CustomEditor } from '../../custom-types';
import type { VocabularyElement } from './vocabulary';
import { isVocabulary } from './vocabulary';

/**
 * A vocabulary block keeps a list of at most MAX_VOCABULARY_ENTRIES entries of text fields (at least
 * one), a pronunciation only as a clip of this site.
 */
export function withVocabulary<T extends CustomEditor>(editor: T): T {
  const { normalizeNode } = editor;
  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (isVocabulary(node)) {
      const entries: unknown[] = Array.isArray(node.entries) ? node.entries : [];
      const kept = entries
        .filter((item): item is VocabularyEntry => typeof item === 'object' && item !== null)
        .slice(0, MAX_VOCABULARY_ENTRIES)
        // Text fields only; a pronunciation only as a clip of this site.
        .map((item) =>
          Object.fromEntries(
            Object.entries(item).filter(
              ([key, value]) => typeof value === 'string' && (key !== 'audio' || safeAudioUrl(value)),
            ),
          ),
        );
      if (kept.length === 0) kept.push({ word: '' });
      if (JSON.stringify(kept) !== JSON.stringify(node.entries)) {
        Transforms.setNodes<VocabularyElement>(
          editor,
          { entries: kept as VocabularyEntry[] },
          { at: path, voids: true },
        );
        return;
      }
    }
    normalizeNode(entry, options);
  };
  return editor;
}
