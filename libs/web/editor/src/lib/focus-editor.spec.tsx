import { act, screen } from '@testing-library/react';
import { Editor, Transforms } from 'slate';
import { renderEditor } from './testing/render-editor';
import { focusEditor } from './focus-editor';

describe('focusEditor', () => {
  it('gives the text the focus even when the editor’s selection is not in the page yet, instead of throwing', async () => {
    const field = renderEditor('<p>one</p>');
    const editor = field.editor();
    // A new line and the selection in it, not rendered yet (no act: React has not run).
    Editor.withoutNormalizing(editor, () => {
      Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }] }, { at: [1] });
    });
    editor.operations = [];
    editor.selection = { anchor: { path: [1, 0], offset: 0 }, focus: { path: [1, 0], offset: 0 } };
    expect(() => focusEditor(editor)).not.toThrow();
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveFocus();
    await act(async () => undefined);
  });
});
