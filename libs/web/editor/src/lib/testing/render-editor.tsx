import './jsdom-slate';
import { useState, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { Editor, Transforms } from 'slate';
import type { CustomEditor } from '../custom-types';
import { RichTextEditor, type RichTextEditorProps } from '../rich-text-editor';
import { pointIn, selectText } from './editor-fixtures';

/** A form field holding the editor's HTML, as the admin pages will. */
function Field(props: Partial<RichTextEditorProps> & { initial: string; onHtml: (html: string) => void }) {
  const { initial, onHtml, ...rest } = props;
  const [html, setHtml] = useState(initial);
  return (
    <RichTextEditor
      label="Content"
      {...rest}
      value={rest.value ?? html}
      onChange={(next) => {
        setHtml(next);
        onHtml(next);
      }}
    />
  );
}

/**
 * Renders the editor in a controlled field. jsdom cannot type into a contenteditable, so text goes in
 * through the Slate editor (`type`), while buttons, keys and pastes go through the DOM.
 */
export function renderEditor(
  initial = '',
  props: Partial<RichTextEditorProps> = {},
  /** What the editor sits in (a page's form, say). */
  wrapper?: (props: { children: ReactNode }) => ReactNode,
) {
  const onHtml = jest.fn<void, [string]>();
  let editor: CustomEditor | null = null;
  const utils = render(<Field initial={initial} onHtml={onHtml} onEditor={(e) => (editor = e)} {...props} />, {
    wrapper,
  });
  const get = (): CustomEditor => {
    if (!editor) throw new Error('no editor');
    return editor;
  };
  return {
    ...utils,
    onHtml,
    editor: get,
    /** The last HTML the editor reported. */
    html: () => onHtml.mock.calls.at(-1)?.[0],
    editable: () => screen.getByRole('textbox'),
    type: async (text: string) => {
      await act(async () => {
        Editor.insertText(get(), text);
      });
    },
    select: (text: string) =>
      act(async () => {
        selectText(get(), text);
      }),
    cursorAt: (text: string, edge: 'start' | 'end' = 'end') =>
      act(async () => {
        Transforms.select(get(), pointIn(get(), text, edge === 'end' ? text.length : 0));
      }),
    selectAll: () =>
      act(async () => {
        Transforms.select(get(), Editor.range(get(), []));
      }),
    /** Lets Slate report the change (it does so in a microtask). */
    flush: () => act(async () => undefined),
  };
}
