import { Editor, Node, Transforms, type Path } from 'slate';
import { MAX_VOCABULARY_ENTRIES, type VocabularyEntry, type VocabularyField } from '@blog/shared/html';
import type { CustomEditor } from '../../custom-types';
import type { VocabularyElement } from './vocabulary';
import { insertTopLevelBlock } from '../../commands/insert-block';

/** A vocabulary block with one empty word where the caret is. */
export function insertVocabulary(editor: CustomEditor): void {
  const [at] = insertTopLevelBlock(editor, { type: 'vocabulary', entries: [{ word: '' }], children: [{ text: '' }] });
  Transforms.select(editor, Editor.start(editor, [at]));
}

function setEntries(editor: CustomEditor, path: Path, change: (entries: VocabularyEntry[]) => VocabularyEntry[]): void {
  const block = Node.get(editor, path) as VocabularyElement;
  Transforms.setNodes<VocabularyElement>(editor, { entries: change([...block.entries]) }, { at: path, voids: true });
}

export function setVocabularyField(
  editor: CustomEditor,
  path: Path,
  index: number,
  field: VocabularyField,
  value: string,
): void {
  setEntries(editor, path, (entries) =>
    entries.map((entry, i) => (i === index ? { ...entry, [field]: value } : entry)),
  );
}

/** Sets (or with null removes) a word's pronunciation clip. */
export function setVocabularyAudio(editor: CustomEditor, path: Path, index: number, url: string | null): void {
  setEntries(editor, path, (entries) =>
    entries.map((entry, i) => {
      if (i !== index) return entry;
      const { audio: _old, ...rest } = entry;
      return url ? { ...rest, audio: url } : rest;
    }),
  );
}

export function addVocabularyEntry(editor: CustomEditor, path: Path): void {
  setEntries(editor, path, (entries) =>
    entries.length < MAX_VOCABULARY_ENTRIES ? [...entries, { word: '' }] : entries,
  );
}

/** Removes a word; the block goes with its last one. */
export function removeVocabularyEntry(editor: CustomEditor, path: Path, index: number): void {
  const block = Node.get(editor, path) as VocabularyElement;
  if (block.entries.length <= 1) Transforms.removeNodes(editor, { at: path, voids: true });
  else setEntries(editor, path, (entries) => entries.filter((_entry, i) => i !== index));
}
