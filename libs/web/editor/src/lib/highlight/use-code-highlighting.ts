import { useCallback, useEffect, useMemo, useState } from 'react';
import { Editor, type NodeEntry, type Range } from 'slate';
import { ReactEditor } from 'slate-react';
import type { CodeBlockElement, CustomEditor } from '../custom-types';
import { codeBlockText, isCodeBlock } from '../nodes';
import { HIGHLIGHT_INTERVAL_MS } from '../constants';
import { codeDecorations } from './code-decorations';
import { CodeHighlighter, type CodeSource, type HighlightView } from './code-highlighter';

function sourceOf(editor: CustomEditor, block: CodeBlockElement): CodeSource {
  return { key: ReactEditor.findKey(editor, block), text: codeBlockText(block), language: block.language };
}

/**
 * Syntax highlighting for the editor's code blocks: `decorate` for `<Editable>`, and `refresh` to
 * call after each change. Highlighting runs at most once per `interval` ms (1000) while typing.
 */
export function useCodeHighlighting(editor: CustomEditor, interval = HIGHLIGHT_INTERVAL_MS) {
  const [view, setView] = useState<HighlightView | null>(null);
  const highlighter = useMemo(
    () =>
      new CodeHighlighter({
        interval,
        collect: () =>
          Array.from(Editor.nodes<CodeBlockElement>(editor, { at: [], match: isCodeBlock }), ([block]) =>
            sourceOf(editor, block),
          ),
        onUpdate: setView,
      }),
    [editor, interval],
  );

  useEffect(() => {
    highlighter.request();
    return () => highlighter.dispose();
  }, [highlighter]);

  // A new view after each highlighting run gives a new function, which makes Slate decorate again.
  const decorate = useCallback(
    ([node, path]: NodeEntry): Range[] => {
      if (!view || !isCodeBlock(node)) return [];
      return codeDecorations(node, path, view.tokens(sourceOf(editor, node)));
    },
    [editor, view],
  );

  const refresh = useCallback(() => highlighter.request(), [highlighter]);

  return { decorate, refresh };
}
