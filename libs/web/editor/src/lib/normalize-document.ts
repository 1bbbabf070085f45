import { createEditor, Editor, type Descendant } from 'slate';
import type { CustomEditor, TopLevelElement } from './custom-types';
import { withSchema } from './with-schema';

/** A document in the editor's canonical shape (the normalisation every editor applies). */
export function normalizeDocument(nodes: Descendant[]): TopLevelElement[] {
  const editor = withSchema(createEditor() as CustomEditor);
  editor.children = nodes;
  Editor.normalize(editor, { force: true });
  return editor.children as TopLevelElement[];
}
