import { Transforms } from 'slate';
import type { CustomEditor } from '../custom-types';
import { isSelectionInCode } from '../nodes';
import { htmlToSlate } from '../serialization/html-to-slate';
import { claimPastedImages, pastedImagesHandler } from './pasted-images';

/**
 * Pasting and dropping content. Inside code, only the plain text is taken. A Slate fragment (a copy
 * from this editor) is inserted as is; HTML from elsewhere (Google Docs, Word, a web page) is read by
 * `htmlToSlate`, which keeps the supported formatting under the shared URL rules and drops the rest;
 * otherwise the plain text is inserted, line by line. The images of pasted HTML are handed to the
 * pasted images handler (when one is set) to be put on this site: see `claimPastedImages`.
 */
export function withHtmlPaste<T extends CustomEditor>(editor: T): T {
  const { insertData, insertFragmentData } = editor;

  editor.insertData = (data) => {
    if (isSelectionInCode(editor)) {
      const text = data.getData('text/plain');
      if (text) {
        editor.insertTextData(data);
        return;
      }
    }
    if (insertFragmentData(data)) return;
    const html = data.getData('text/html');
    if (html) {
      const handler = pastedImagesHandler(editor);
      const fragment = htmlToSlate(html, { keepUnloadableImages: handler !== undefined });
      // Pasted images go to this site (uploaded or imported) before the post may keep them.
      const jobs = handler ? claimPastedImages(fragment, Array.from(data.files ?? [])) : [];
      Transforms.insertFragment(editor, fragment);
      if (handler && jobs.length > 0) handler(jobs);
      return;
    }
    insertData(data);
  };

  return editor;
}
