import { createEditor } from 'slate';
import { withReact } from 'slate-react';
import type { CustomEditor } from './custom-types';
import { withBackspace } from './plugins/with-backspace';
import { withBreaks } from './plugins/with-breaks';
import { withHtmlPaste } from './plugins/with-html-paste';
import { withImageFiles } from './plugins/with-image-files';
import { withMarkdownShortcuts } from './plugins/with-markdown-shortcuts';
import { withPastedImages } from './plugins/pasted-images';
import { withVideoPaste } from './blocks/video/with-videos';
import { withTimedHistory, type TimedHistoryOptions } from './plugins/with-timed-history';
import { withSchema } from './with-schema';

export interface CreateRichTextEditorOptions {
  history?: TimedHistoryOptions;
}

/** A Slate editor with everything the rich-text editor needs (the component makes its own). */
export function createRichTextEditor(options: CreateRichTextEditorOptions = {}): CustomEditor {
  const editor = withReact(createEditor() as CustomEditor);
  return withImageFiles(
    withVideoPaste(
      withHtmlPaste(
        withPastedImages(
          withMarkdownShortcuts(withBackspace(withBreaks(withTimedHistory(withSchema(editor), options.history)))),
        ),
      ),
    ),
  );
}
