import { useCallback, useEffect, useRef, useState } from 'react';
import { Editor, Range, type RangeRef } from 'slate';
import { HistoryEditor } from 'slate-history';
import { safeImageUrl, VIDEO_PROVIDERS, type VideoRef } from '@blog/shared/html';
import type { CustomEditor } from '../custom-types';
import { insertImage } from '../commands/insert-image';
import { insertVideo as insertVideoBlock, settleVideoPoster } from '../blocks/video/commands';
import { focusEditor, focusIsWithEditor } from '../focus-editor';
import { isOwnUpload, settlePastedImage, type PastedImageJob } from '../plugins/pasted-images';
import { UPLOAD_CONCURRENCY } from '../constants';
import type { UploadItem } from './upload-list';

/** Uploads one image, reporting its progress from 0 to 1 (if it can); resolves to its URL on this site. */
export type UploadImage = (file: File, onProgress?: (fraction: number) => void) => Promise<string>;
/** Has the server fetch an image from another site and store it; resolves to its URL on this site. */
export type ImportImage = (url: string) => Promise<string>;
/**
 * Has the server find a video's picture (Vimeo's through its oEmbed answer) and store it; resolves to
 * its URL on this site and the video's title when its host says it.
 */
export type ImportVideoPoster = (video: VideoRef) => Promise<{ url: string; title: string | null }>;

/** Where a batch of uploaded images goes instead of one by one into the text (a gallery). */
export type PlaceUploads = (urls: string[], at: Range | null) => void;

export interface ImageUploadState {
  /** How many images are being uploaded. */
  pending: number;
  /** The files chosen or dropped, each with its own progress or its failure, until inserted or dismissed. */
  items: UploadItem[];
  /** How many images the server is importing from other sites. */
  importing: number;
  /** The last failure, shown until dismissed or the next upload. */
  error: string | null;
  /**
   * Uploads `files` (in order) and inserts them where the selection was when they were given; or, with
   * `place`, hands the addresses of those that made it to `place` (a gallery), with that spot.
   */
  upload: (files: File[], place?: PlaceUploads) => void;
  /** Puts the images of pasted HTML on this site (upload, import) or removes them, saying why. */
  resolvePasted: (jobs: PastedImageJob[]) => void;
  /** Inserts the image at `url` where the selection was: imported first unless it is on this site already. */
  insertFromUrl: (url: string) => void;
  /**
   * Inserts a video where the selection is, and has the server import its thumbnail (when the provider
   * names one) as its poster; without it, visitors see the play button on a plain background.
   */
  insertVideo: (video: VideoRef) => void;
  /** Shows a failure without uploading (a refused file type). */
  fail: (message: string) => void;
  dismiss: () => void;
}

/** Runs `tasks` at most `limit` at a time, in order; settles like `Promise.allSettled`. */
async function settleLimited<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await tasks[index]() };
      } catch (failure) {
        results[index] = { status: 'rejected', reason: failure };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

let nextItemId = 1;

/** Why an upload or import the server answered is not used: its answer fails the image rule. */
const REFUSED_ADDRESS = 'the server gave an address that is not allowed for images';

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
export function useImageUpload(
  editor: CustomEditor,
  uploadImage: UploadImage | undefined,
  importImage?: ImportImage,
  importVideoPoster?: ImportVideoPoster,
): ImageUploadState {
  const [pending, setPending] = useState(0);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [importing, setImporting] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  const uploadRef = useRef(uploadImage);
  uploadRef.current = uploadImage;
  const importRef = useRef(importImage);
  importRef.current = importImage;
  const importPosterRef = useRef(importVideoPoster);
  importPosterRef.current = importVideoPoster;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const upload = useCallback(
    (files: File[], place?: PlaceUploads) => {
      const send = uploadRef.current;
      if (files.length === 0) return;
      if (!send) {
        setError('Images cannot be uploaded here.');
        return;
      }
      const start = editor.selection ?? Editor.range(editor, Editor.end(editor, []));
      const at: RangeRef = Editor.rangeRef(
        editor,
        Range.isCollapsed(start) ? start : { anchor: Range.end(start), focus: Range.end(start) },
      );
      setError(null);
      setPending((count) => count + files.length);
      const ids = files.map(() => nextItemId++);
      const update = (id: number, change: Partial<UploadItem>) => {
        if (mounted.current) setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
      };
      // A new batch: the failures of the last one go (their message too, above).
      setItems((list) => [
        ...list.filter((item) => item.status !== 'failed'),
        ...files.map((file, index) => ({
          id: ids[index],
          name: file.name || 'image',
          status: 'waiting' as const,
          progress: 0,
        })),
      ]);
      const tasks = files.map((file, index) => async () => {
        const id = ids[index];
        update(id, { status: 'uploading' });
        try {
          return await send(file, (progress) => update(id, { progress }));
        } catch (failure) {
          update(id, { status: 'failed', error: reason(failure) });
          throw failure;
        }
      });
      void settleLimited(tasks, UPLOAD_CONCURRENCY).then((results) => {
        if (!mounted.current) {
          at.unref();
          return;
        }
        setPending((count) => count - files.length);
        // The images that made it are in the text now; the failed ones stay listed with their reason.
        const done = new Set(ids.filter((_id, index) => results[index].status === 'fulfilled'));
        setItems((list) => list.filter((item) => !done.has(item.id)));
        const failures: string[] = [];
        let inserted = false;
        if (place) {
          const urls: string[] = [];
          results.forEach((result, index) => {
            const url = result.status === 'fulfilled' ? safeImageUrl(String(result.value)) : null;
            if (url) urls.push(url);
            else
              failures.push(
                `${files[index].name}: ${result.status === 'rejected' ? reason(result.reason) : REFUSED_ADDRESS}`,
              );
          });
          if (urls.length > 0) place(urls, at.current);
          at.unref();
          if (failures.length > 0) setError(`Image upload failed. ${failures.join('; ')}`);
          return;
        }
        results.forEach((result, index) => {
          const name = files[index].name;
          if (result.status === 'rejected') {
            failures.push(`${name}: ${reason(result.reason)}`);
            return;
          }
          const target = at.current;
          if (!insertImage(editor, { url: String(result.value) }, target)) {
            failures.push(`${name}: ${REFUSED_ADDRESS}`);
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

  const resolvePasted = useCallback(
    (jobs: PastedImageJob[]) => {
      const uploads = jobs.filter((job) => job.kind !== 'import').length;
      const imports = jobs.length - uploads;
      setError(null);
      setPending((count) => count + uploads);
      setImporting((count) => count + imports);
      const run = (job: PastedImageJob): Promise<string> => {
        if (job.kind === 'upload') {
          const send = uploadRef.current;
          return send
            ? Promise.resolve().then(() => send(job.file))
            : Promise.reject(new Error('images cannot be uploaded here'));
        }
        if (job.kind === 'import') {
          const fetchImage = importRef.current;
          return fetchImage
            ? Promise.resolve().then(() => fetchImage(job.url))
            : Promise.reject(new Error('images cannot be imported here'));
        }
        return Promise.reject(
          new Error('it could not be read from the clipboard (insert it with the Insert image button)'),
        );
      };
      void Promise.allSettled(jobs.map(run)).then((results) => {
        if (!mounted.current) return;
        setPending((count) => count - uploads);
        setImporting((count) => count - imports);
        const failures: string[] = [];
        results.forEach((result, index) => {
          const job = jobs[index];
          const url = result.status === 'fulfilled' ? safeImageUrl(String(result.value)) : null;
          let present = false;
          // Its own undo step (unless the timed history joins it to an edit of the same moment); an undo
          // that brings the pending image back finds it settled again (withPastedImages).
          HistoryEditor.withoutMerging(editor, () => {
            present = settlePastedImage(editor, job.id, url);
          });
          // Gone meanwhile (deleted or undone): nothing to report.
          if (url || !present) return;
          const what =
            job.kind === 'import'
              ? job.url
              : job.kind === 'upload'
                ? job.file.name || 'pasted image'
                : 'an image from the clipboard';
          failures.push(`${what}: ${result.status === 'rejected' ? reason(result.reason) : REFUSED_ADDRESS}`);
        });
        if (failures.length > 0) {
          setError(
            `${failures.length === 1 ? 'A pasted image was' : `${failures.length} pasted images were`} not added (removed from the text). ${failures.join('; ')}`,
          );
        }
      });
    },
    [editor],
  );

  const insertFromUrl = useCallback(
    (address: string) => {
      const start = editor.selection ?? Editor.range(editor, Editor.end(editor, []));
      const at: RangeRef = Editor.rangeRef(
        editor,
        Range.isCollapsed(start) ? start : { anchor: Range.end(start), focus: Range.end(start) },
      );
      const finish = (url: string | null, failure?: string) => {
        const target = at.unref();
        if (!mounted.current) return;
        if (url && insertImage(editor, { url }, target)) {
          if (focusIsWithEditor(editor)) focusEditor(editor);
          return;
        }
        setError(`The image was not added. ${address}: ${failure ?? REFUSED_ADDRESS}`);
      };
      setError(null);
      if (isOwnUpload(address)) {
        finish(address);
        return;
      }
      const fetchImage = importRef.current;
      if (!fetchImage) {
        finish(null, 'images cannot be imported here');
        return;
      }
      setImporting((count) => count + 1);
      void Promise.resolve()
        .then(() => fetchImage(address))
        .then(
          (url) => {
            if (mounted.current) setImporting((count) => count - 1);
            finish(String(url));
          },
          (failure: unknown) => {
            if (mounted.current) setImporting((count) => count - 1);
            finish(null, reason(failure));
          },
        );
    },
    [editor],
  );

  const insertVideo = useCallback(
    (video: VideoRef) => {
      const thumbnail = VIDEO_PROVIDERS[video.provider].thumbnail(video.id);
      const fetchPoster = importPosterRef.current;
      const fetchImage = importRef.current;
      // The server finds any provider's picture; without it, only a fixed thumbnail address can be imported.
      const job = fetchPoster
        ? () => fetchPoster(video)
        : thumbnail && fetchImage
          ? async () => ({ url: await fetchImage(thumbnail), title: null })
          : null;
      setError(null);
      if (!job) {
        insertVideoBlock(editor, video);
        return;
      }
      const key = `video-${nextItemId++}`;
      insertVideoBlock(editor, video, key);
      setImporting((count) => count + 1);
      const finish = (poster: string | null, title: string | null, failure?: string) => {
        if (!mounted.current) return;
        setImporting((count) => count - 1);
        let present = false;
        HistoryEditor.withoutMerging(editor, () => {
          present = settleVideoPoster(editor, key, { poster, title });
        });
        if (present && !poster) {
          setError(
            `The video's picture could not be fetched (${failure ?? REFUSED_ADDRESS}): choose one with its Choose picture button, or visitors see its play button without it.`,
          );
        }
      };
      void Promise.resolve()
        .then(job)
        .then(
          (answer) => finish(safeImageUrl(String(answer.url)), answer.title ? String(answer.title) : null),
          (failure: unknown) => finish(null, null, reason(failure)),
        );
    },
    [editor],
  );

  const fail = useCallback((message: string) => setError(message), []);
  const dismiss = useCallback(() => {
    setError(null);
    setItems((list) => list.filter((item) => item.status !== 'failed'));
  }, []);

  return { pending, items, importing, error, upload, resolvePasted, insertFromUrl, insertVideo, fail, dismiss };
}
