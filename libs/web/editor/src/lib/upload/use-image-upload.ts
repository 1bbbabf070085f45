import { useCallback, useEffect, useRef, useState } from 'react';
import { Editor, Range, type RangeRef } from 'slate';
import type { CustomEditor } from '../custom-types';
import { insertImage } from '../commands/insert-image';
import { focusEditor, focusIsWithEditor } from '../focus-editor';

export type UploadImage = (file: File) => Promise<string>;

export interface ImageUploadState {
  /** How many images are being uploaded. */
  pending: number;
  /** The last failure, shown until dismissed or the next upload. */
  error: string | null;
  /** Uploads `files` (in order) and inserts them where the selection was when they were given. */
  upload: (files: File[]) => void;
  /** Shows a failure without uploading (a refused file type). */
  fail: (message: string) => void;
  dismiss: () => void;
}

function reason(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'unknown error';
}

/**
 * Image uploads through the `uploadImage` callback. Each image is inserted, once uploaded, where the
 * selection was when the upload started (tracked through later edits); a failed upload inserts
 * nothing, leaves the document as it is, and reports why.
 */
export function useImageUpload(editor: CustomEditor, uploadImage: UploadImage | undefined): ImageUploadState {
  const [pending, setPending] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  const uploadRef = useRef(uploadImage);
  uploadRef.current = uploadImage;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const upload = useCallback(
    (files: File[]) => {
      const send = uploadRef.current;
      if (files.length === 0) return;
      if (!send) {
        setError('Images cannot be uploaded here.');
        return;
      }
      const start = editor.selection ?? Editor.range(editor, Editor.end(editor, []));
      const at: RangeRef = Editor.rangeRef(editor, Range.isCollapsed(start) ? start : { anchor: Range.end(start), focus: Range.end(start) });
      setError(null);
      setPending((count) => count + files.length);
      void Promise.allSettled(files.map((file) => Promise.resolve().then(() => send(file)))).then((results) => {
        if (!mounted.current) {
          at.unref();
          return;
        }
        setPending((count) => count - files.length);
        const failures: string[] = [];
        let inserted = false;
        results.forEach((result, index) => {
          const name = files[index].name;
          if (result.status === 'rejected') {
            failures.push(`${name}: ${reason(result.reason)}`);
            return;
          }
          const target = at.current;
          if (!insertImage(editor, { url: String(result.value) }, target)) {
            failures.push(`${name}: the server gave an address that is not allowed for images`);
            return;
          }
          inserted = true;
          // The next image goes after this one.
          if (editor.selection) at.current = editor.selection;
        });
        at.unref();
        // Typing goes on below the image: the text takes the focus back from the Insert image button
        // (unless the writer has gone to another field meanwhile).
        if (inserted && focusIsWithEditor(editor)) focusEditor(editor);
        if (failures.length > 0) setError(`Image upload failed. ${failures.join('; ')}`);
      });
    },
    [editor],
  );

  const fail = useCallback((message: string) => setError(message), []);
  const dismiss = useCallback(() => setError(null), []);

  return { pending, error, upload, fail, dismiss };
}
