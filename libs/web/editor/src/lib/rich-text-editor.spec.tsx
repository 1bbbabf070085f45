import './testing/jsdom-slate';
import { createRef } from 'react';
import { act, createEvent, fireEvent, render, screen, within } from '@testing-library/react';
import { Editor, Transforms } from 'slate';
import type { CustomEditor } from './custom-types';
import { RichTextEditor, type RichTextEditorHandle } from './rich-text-editor';
import { renderEditor } from './testing/render-editor';
import { pointIn } from './testing/editor-fixtures';

/** A key press; `keyCode` also sets `which`, which code-based hotkeys read. */
const key = (target: HTMLElement, init: KeyboardEventInit & { keyCode?: number }) =>
  fireEvent.keyDown(target, init.keyCode ? { ...init, which: init.keyCode } : init);

describe('RichTextEditor', () => {
  describe('as a form field', () => {
    it('has an accessible name from a label or a visible label element', async () => {
      const { unmount } = render(<RichTextEditor value="" onChange={jest.fn()} label="Short content" />);
      expect(screen.getByRole('textbox', { name: 'Short content' })).toHaveAttribute('aria-multiline', 'true');
      unmount();
      render(
        <>
          <span id="content-label">Content</span>
          <RichTextEditor
            id="content"
            value=""
            onChange={jest.fn()}
            aria-labelledby="content-label"
            aria-describedby="hint"
            aria-invalid
            placeholder="Write…"
          />
        </>,
      );
      const textbox = screen.getByRole('textbox', { name: 'Content' });
      expect(textbox).toHaveAttribute('id', 'content');
      expect(textbox).toHaveAttribute('aria-describedby', 'hint');
      expect(textbox).toHaveAttribute('aria-invalid', 'true');
      // Slate shows the placeholder a moment after mounting.
      expect(await within(textbox).findByText('Write…')).toHaveAttribute('data-slate-placeholder', 'true');
    });

    it('reports the HTML after each change of content, and nothing for a mere selection change', async () => {
      const field = renderEditor('<p>Hello</p>');
      await field.cursorAt('Hello');
      expect(field.onHtml).not.toHaveBeenCalled();
      await field.type(', world');
      expect(field.onHtml).toHaveBeenCalledTimes(1);
      expect(field.html()).toBe('<p>Hello, world</p>');
    });

    it('reports an emptied editor as the empty string', async () => {
      const field = renderEditor('<p>x</p>');
      await field.selectAll();
      await act(async () => Editor.deleteFragment(field.editor()));
      expect(field.html()).toBe('');
    });

    it('takes a new value from outside without reporting it back, and with a fresh history', async () => {
      const onChange = jest.fn();
      let current: CustomEditor | null = null;
      const onEditor = (e: CustomEditor) => (current = e);
      const editor = (): CustomEditor => {
        if (!current) throw new Error('no editor');
        return current;
      };
      const { rerender } = render(<RichTextEditor value="<p>first</p>" onChange={onChange} onEditor={onEditor} />);
      await act(async () => {
        Transforms.select(editor(), pointIn(editor(), 'first', 5));
        Editor.insertText(editor(), '!');
      });
      expect(onChange).toHaveBeenLastCalledWith('<p>first!</p>');
      onChange.mockClear();
      rerender(<RichTextEditor value="<h2>Second post</h2><p>body</p>" onChange={onChange} onEditor={onEditor} />);
      await act(async () => undefined);
      expect(screen.getByRole('heading', { level: 2, name: 'Second post' })).toBeInTheDocument();
      expect(onChange).not.toHaveBeenCalled();
      expect(editor().history.undos).toHaveLength(0);
      // Echoing the same content in another spelling changes nothing.
      rerender(
        <RichTextEditor value={'<h2>Second   post</h2>\n<p>body</p>'} onChange={onChange} onEditor={onEditor} />,
      );
      await act(async () => undefined);
      expect(onChange).not.toHaveBeenCalled();
    });

    it('offers focus() and the Slate editor through its ref, and reports blur', async () => {
      const ref = createRef<RichTextEditorHandle>();
      const onBlur = jest.fn();
      render(<RichTextEditor ref={ref} value="<p>x</p>" onChange={jest.fn()} onBlur={onBlur} />);
      await act(async () => ref.current?.focus());
      expect(screen.getByRole('textbox')).toHaveFocus();
      expect(ref.current && Editor.string(ref.current.editor, [])).toBe('x');
      // Moving into the toolbar is still inside the field; leaving the field is a blur.
      fireEvent.blur(screen.getByRole('textbox'), { relatedTarget: screen.getByRole('button', { name: 'Bold' }) });
      expect(onBlur).not.toHaveBeenCalled();
      fireEvent.blur(screen.getByRole('textbox'), { relatedTarget: document.body });
      expect(onBlur).toHaveBeenCalledTimes(1);
    });

    it('can carry its HTML in a hidden input for plain form posts', async () => {
      const field = renderEditor('<p>a</p>', { name: 'content' });
      await field.cursorAt('a');
      await field.type('b');
      expect(document.querySelector('input[type="hidden"][name="content"]')).toHaveValue('<p>ab</p>');
    });

    it('shows content read-only without a toolbar', () => {
      render(<RichTextEditor value="<p>x</p>" onChange={jest.fn()} readOnly />);
      expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
      expect(document.querySelector('[data-slate-editor]')).toHaveAttribute('contenteditable', 'false');
    });

    it('renders the document with the tags of its HTML', () => {
      render(
        <RichTextEditor
          value={
            '<h3 class="indent-1">T</h3><ol><li class="indent-2">i</li></ol><blockquote>q</blockquote><p><a href="/x">l</a><img src="/a.png" alt="A" /></p>'
          }
          onChange={jest.fn()}
        />,
      );
      expect(screen.getByRole('heading', { level: 3 })).toHaveClass('indent-1');
      expect(screen.getByRole('listitem')).toHaveClass('indent-2');
      expect(screen.getByRole('link')).toHaveAttribute('href', '/x');
      expect(screen.getByRole('img', { name: 'A' })).toHaveAttribute('src', '/a.png');
      expect(document.querySelector('blockquote')).toHaveTextContent('q');
    });
  });

  describe('keyboard shortcuts', () => {
    it.each([
      ['b', false, '<strong>two</strong>'],
      ['i', false, '<em>two</em>'],
      ['u', false, '<u>two</u>'],
      ['x', true, '<s>two</s>'],
    ])('Ctrl+%s (shift: %s) toggles its mark', async (letter, shiftKey, html) => {
      const field = renderEditor('<p>one two</p>');
      await field.select('two');
      key(field.editable(), { key: letter, ctrlKey: true, shiftKey });
      await field.flush();
      expect(field.html()).toBe(`<p>one ${html}</p>`);
    });

    it('Tab and Shift+Tab indent list items; Ctrl+] and Ctrl+[ indent any line', async () => {
      const field = renderEditor('<ul><li>item</li></ul><p>para</p>');
      await field.cursorAt('item');
      key(field.editable(), { key: 'Tab' });
      await field.flush();
      expect(field.html()).toBe('<ul><li class="indent-1">item</li></ul><p>para</p>');
      key(field.editable(), { key: 'Tab', shiftKey: true });
      await field.cursorAt('para');
      key(field.editable(), { key: ']', ctrlKey: true });
      await field.flush();
      expect(field.html()).toBe('<ul><li>item</li></ul><p class="indent-1">para</p>');
      key(field.editable(), { key: '[', ctrlKey: true });
      await field.flush();
      expect(field.html()).toBe('<ul><li>item</li></ul><p>para</p>');
    });

    it('leaves Tab to move the focus outside lists', async () => {
      const field = renderEditor('<p>para</p>');
      await field.cursorAt('para');
      expect(key(field.editable(), { key: 'Tab' })).toBe(true); // not prevented
    });

    it('Ctrl+Alt+1…6 set headings, Ctrl+Alt+0 normal text, Ctrl+Shift+7/8 lists', async () => {
      const field = renderEditor('<p>t</p>');
      await field.cursorAt('t');
      key(field.editable(), { key: '2', keyCode: 50, ctrlKey: true, altKey: true });
      await field.flush();
      expect(field.html()).toBe('<h2>t</h2>');
      key(field.editable(), { key: '0', keyCode: 48, ctrlKey: true, altKey: true });
      key(field.editable(), { key: '&', keyCode: 55, ctrlKey: true, shiftKey: true });
      await field.flush();
      expect(field.html()).toBe('<ol><li>t</li></ol>');
      key(field.editable(), { key: '*', keyCode: 56, ctrlKey: true, shiftKey: true });
      await field.flush();
      expect(field.html()).toBe('<ul><li>t</li></ul>');
    });

    it("Enter splits the line (through Slate's own key handling)", async () => {
      const field = renderEditor('<h2>Title</h2>');
      await field.cursorAt('Title');
      key(field.editable(), { key: 'Enter', keyCode: 13 });
      await field.type('text');
      expect(field.html()).toBe('<h2>Title</h2><p>text</p>');
    });
  });

  describe('history', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('Ctrl+Z undoes edits made within 1000 ms of each other at once; Ctrl+Shift+Z and Ctrl+Y redo', async () => {
      const field = renderEditor('<p>x</p>');
      await field.cursorAt('x');
      await field.type('a');
      act(() => jest.advanceTimersByTime(700));
      await field.type('b');
      act(() => jest.advanceTimersByTime(700));
      await field.type('c');
      act(() => jest.advanceTimersByTime(1500));
      await field.type('d');
      expect(field.html()).toBe('<p>xabcd</p>');

      key(field.editable(), { key: 'z', ctrlKey: true });
      await field.flush();
      expect(field.html()).toBe('<p>xabc</p>');
      key(field.editable(), { key: 'z', ctrlKey: true });
      await field.flush();
      expect(field.html()).toBe('<p>x</p>');
      key(field.editable(), { key: 'z', ctrlKey: true, shiftKey: true });
      await field.flush();
      expect(field.html()).toBe('<p>xabc</p>');
      key(field.editable(), { key: 'y', ctrlKey: true });
      await field.flush();
      expect(field.html()).toBe('<p>xabcd</p>');
    });

    it('keeps 100 undo steps', async () => {
      const field = renderEditor('<p>x</p>');
      await field.cursorAt('x');
      // 110 edits, each more than 1000 ms after the previous: 110 steps, of which 100 are kept.
      await act(async () => {
        for (let i = 0; i < 110; i++) {
          jest.setSystemTime(Date.now() + 1001);
          Editor.insertText(field.editor(), '.');
          await Promise.resolve(); // Slate ends the change
        }
      });
      expect(field.html()).toBe(`<p>x${'.'.repeat(110)}</p>`);
      for (let i = 0; i < 120; i++) key(field.editable(), { key: 'z', ctrlKey: true });
      await field.flush();
      expect(field.html()).toBe(`<p>x${'.'.repeat(10)}</p>`);
    }, 20000);
  });

  describe('code highlighting', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    const keywords = () =>
      Array.from(document.querySelectorAll('.rte-code-block .hljs-keyword')).map((span) => span.textContent);

    it('highlights code blocks, again at most once per 1000 ms while typing', async () => {
      const field = renderEditor(
        '<pre class="language-javascript"><code class="language-javascript">const a = 1;</code></pre>',
      );
      await act(async () => undefined);
      expect(keywords()).toEqual(['const']);

      await act(async () => {
        Transforms.select(field.editor(), Editor.end(field.editor(), []));
      });
      await field.type(' return');
      // The last highlighting was just now (on mount): the new keyword waits for the next run.
      expect(keywords()).toEqual(['const']);
      act(() => jest.advanceTimersByTime(300));
      await field.type(' let');
      act(() => jest.advanceTimersByTime(600));
      expect(keywords()).toEqual(['const']);
      act(() => jest.advanceTimersByTime(100)); // 1000 ms after the last run
      expect(keywords()).toEqual(['const', 'return', 'let']);
      // After a pause longer than that, the next change is highlighted at once.
      act(() => jest.advanceTimersByTime(5000));
      await field.type(' var');
      expect(keywords()).toEqual(['const', 'return', 'let', 'var']);
    });

    it('highlights in the language picked', async () => {
      const field = renderEditor('<pre class="language-plain"><code class="language-plain">SELECT 1</code></pre>');
      await act(async () => undefined);
      expect(keywords()).toEqual([]);
      fireEvent.change(screen.getByRole('combobox', { name: 'Language of this code block' }), {
        target: { value: 'sql' },
      });
      await field.flush();
      act(() => jest.advanceTimersByTime(1000));
      expect(keywords()).toEqual(['SELECT']);
      expect(field.html()).toBe('<pre class="language-sql"><code class="language-sql">SELECT 1</code></pre>');
    });
  });

  it('keeps only the supported formatting of pasted HTML', async () => {
    const field = renderEditor('<p>x</p>');
    await field.cursorAt('x');
    const html =
      '<b style="font-weight:normal" id="docs-internal-guid-1"><span style="font-weight:700;font-family:Arial">Docs</span><span style="color:#000000"> text</span></b><script>alert(1)</script>';
    const event = createEvent.paste(field.editable(), {
      clipboardData: {
        types: ['text/html', 'text/plain'],
        files: [],
        getData: (type: string) => ({ 'text/html': html, 'text/plain': 'Docs text' })[type] ?? '',
      },
    });
    fireEvent(field.editable(), event);
    await field.flush();
    expect(field.html()).toBe('<p>x<strong>Docs</strong> text</p>');
  });
});
