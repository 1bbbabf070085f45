import { useCallback, useEffect, useRef, useState } from 'react';
import { Editor, Range } from 'slate';
import { safeAudioUrl } from '@blog/shared/html';
import type { CustomEditor } from '../custom-types';
import { insertAudio } from '../blocks/audio/commands';
import { focusEditor, focusIsWithEditor } from '../focus-editor';
import type { UploadItem } from './upload-list';

/** Uploads one audio clip, reporting its progress from 0 to 1 (if it can); resolves to its URL on this site. */
export type UploadAudio = (file: File, onProgress?: (fraction: number) => void) => Promise<string>;

export interface AudioUploadState {
  /** How many clips are being uploaded. */
  pending: number;
  items: UploadItem[];
  /** The last failure, shown until dismissed or the next upload. */
  error: string | null;
  /** Uploads `file` and inserts an audio block where the selection was when it was chosen. */
  insertFile: (file: File) => void;
  /** Uploads `file` and hands its address to `place` (a vocabulary word's pronunciation). */
  upload: (file: File, place: (url: string) => void) => void;
  dismiss: () => void;
}

let nextItemId = 1;

const reason = (error: unknown): string =>
  error instanceof Error && error.message
    ? error.message
    : typeof error === 'string' && error
      ? error
      : 'unknown error';

/**
 * Audio uploads through the `uploadAudio` callback, one file at a time each with its progress; a
 * failed upload changes nothing in the document and says why. Only an address of a clip of this site
 * (`/uploads/…`) is ever used.
 */
export function useAudioUpload(editor: CustomEditor, uploadAudio: UploadAudio | undefined): AudioUploadState {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  const uploadRef = useRef(uploadAudio);
  uploadRef.current = uploadAudio;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const upload = useCallback((file: File, place: (url: string) => boolean | void) => {
    const send = uploadRef.current;
    const name = file.name || 'audio';
    if (!send) {
      setError('Audio cannot be uploaded here.');
      return;
    }
    const id = nextItemId++;
    const update = (change: Partial<UploadItem>) => {
      if (mounted.current) setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
    };
    setError(null);
    setItems((list) => [
      ...list.filter((item) => item.status !== 'failed'),
      { id, name, status: 'uploading', progress: 0 },
    ]);
    const fail = (message: string) => {
      update({ status: 'failed', error: message });
      if (mounted.current) setError(`Audio upload failed. ${name}: ${message}`);
    };
    void Promise.resolve()
      .then(() => send(file, (progress) => update({ progress })))
      .then(
        (answer) => {
          if (!mounted.current) return;
          const url = safeAudioUrl(String(answer));
          if (!url || place(url) === false) {
            fail('the server gave an address that is not allowed for audio');
            return;
          }
          setItems((list) => list.filter((item) => item.id !== id));
        },
        (failure: unknown) => fail(reason(failure)),
      );
  }, []);

  const insertFile = useCallback(
    (file: File) => {
      const start = editor.selection ?? Editor.range(editor, Editor.end(editor, []));
      const at = Editor.rangeRef(
        editor,
        Range.isCollapsed(start) ? start : { anchor: Range.end(start), focus: Range.end(start) },
      );
      upload(file, (url) => {
        const inserted = insertAudio(editor, url, at.unref());
        // Typing goes on below the clip (unless the writer has gone to another field meanwhile).
        if (inserted && focusIsWithEditor(editor)) focusEditor(editor);
        return inserted;
      });
    },
    [editor, upload],
  );

  const dismiss = useCallback(() => {
    setError(null);
    setItems((list) => list.filter((item) => item.status !== 'failed'));
  }, []);

  const pending = items.filter((item) => item.status === 'uploading').length;
  return { pending, items, error, insertFile, upload, dismiss };
}
