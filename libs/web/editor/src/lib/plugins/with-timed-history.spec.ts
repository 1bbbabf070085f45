import { createEditor, Editor, Transforms } from 'slate';
import type { CustomEditor } from '../custom-types';
import { withSchema } from '../with-schema';
import { withTimedHistory } from './with-timed-history';
import { slateToHtml } from '../serialization/slate-to-html';
import { toggleMark } from '../commands/toggle-mark';

function setup(options: { maxSteps?: number } = {}) {
  let time = 0;
  const editor = withTimedHistory(withSchema(createEditor() as CustomEditor), { ...options, now: () => time });
  editor.children = [{ type: 'paragraph', children: [{ text: '' }] }];
  Transforms.select(editor, Editor.end(editor, []));
  return {
    editor,
    /** A later moment: Slate ends the current change (a microtask), then the clock reads `ms`. */
    at: async (ms: number) => {
      await Promise.resolve();
      time = ms;
    },
    type: (text: string) => Editor.insertText(editor, text),
    html: () => slateToHtml(editor.children),
  };
}

describe('withTimedHistory', () => {
  it('undoes edits made within 1000 ms of each other as one step', async () => {
    const { editor, at, type, html } = setup();
    await at(0);
    type('a');
    await at(600);
    type('b');
    await at(1500); // 900 ms after the previous edit
    type('c');
    await at(2500); // exactly 1000 ms after: still merged
    type('d');
    expect(editor.history.undos).toHaveLength(1);
    editor.undo();
    expect(html()).toBe('');
  });

  it('starts a new step after a pause of more than 1000 ms', async () => {
    const { editor, at, type, html } = setup();
    await at(0);
    type('one');
    await at(1001);
    type(' two');
    await at(1500);
    type(' three');
    await at(3000);
    type(' four');
    expect(editor.history.undos).toHaveLength(3);
    editor.undo();
    expect(html()).toBe('<p>one two three</p>');
    editor.undo();
    expect(html()).toBe('<p>one</p>');
    editor.undo();
    expect(html()).toBe('');
    editor.redo();
    expect(html()).toBe('<p>one</p>');
  });

  it('merges any kind of edit by time, formatting included', async () => {
    const { editor, at, type, html } = setup();
    await at(0);
    type('bold');
    await at(200);
    Transforms.select(editor, Editor.range(editor, []));
    toggleMark(editor, 'bold');
    expect(html()).toBe('<p><strong>bold</strong></p>');
    expect(editor.history.undos).toHaveLength(1);
    await at(5000);
    toggleMark(editor, 'italic');
    expect(editor.history.undos).toHaveLength(2);
    editor.undo();
    expect(html()).toBe('<p><strong>bold</strong></p>');
  });

  it('does not count selection changes as edits', async () => {
    const { editor, at, type } = setup();
    await at(0);
    type('a');
    await at(900);
    Transforms.select(editor, Editor.start(editor, []));
    await at(1800); // 900 ms after the selection change, 1800 ms after the last edit
    type('b');
    expect(editor.history.undos).toHaveLength(2);
  });

  it('starts a new step after an undo, however soon', async () => {
    const { editor, at, type, html } = setup();
    await at(0);
    type('a');
    await at(2000);
    type('b');
    await at(2100);
    editor.undo();
    await at(2200);
    type('c');
    expect(html()).toBe('<p>ac</p>');
    editor.undo();
    expect(html()).toBe('<p>a</p>');
  });

  it('keeps at most 100 steps, dropping the oldest', async () => {
    const { editor, at, type, html } = setup();
    for (let i = 0; i < 150; i++) {
      await at(i * 2000);
      type('x');
    }
    expect(editor.history.undos).toHaveLength(100);
    while (editor.history.undos.length > 0) editor.undo();
    // The first 50 steps are gone: undoing everything leaves them.
    expect(html()).toBe(`<p>${'x'.repeat(50)}</p>`);
  });

  it('keeps at most 100 redo steps too', async () => {
    const { editor, at, type } = setup();
    for (let i = 0; i < 120; i++) {
      await at(i * 2000);
      type('x');
    }
    while (editor.history.undos.length > 0) editor.undo();
    expect(editor.history.redos.length).toBeLessThanOrEqual(100);
  });

  it('takes a smaller cap when asked', async () => {
    const { editor, at, type } = setup({ maxSteps: 3 });
    for (let i = 0; i < 10; i++) {
      await at(i * 2000);
      type('x');
    }
    expect(editor.history.undos).toHaveLength(3);
  });
});
