import { lazy, useCallback, useState } from 'react';
import { uploadUrl, type VideoProviderName } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { uploadAudioFile, uploadFile } from '../uploads/upload-file';

/** The rich-text editor, the heaviest part of the admin: it loads only when a form that needs it opens. */
export const RichTextEditor = lazy(() =>
  import('@blog/web/editor').then((module) => ({ default: module.RichTextEditor })),
);

/** Images put into the editor are uploaded like any other (with progress) and inserted by their URL. */
export const uploadEditorImage = async (file: File, onProgress?: (fraction: number) => void) =>
  (await uploadFile(file, onProgress)).url;

/** Audio clips (an audio block, a word's pronunciation) likewise, to `POST /api/upload/audio`. */
export const uploadEditorAudio = async (file: File, onProgress?: (fraction: number) => void) =>
  (await uploadAudioFile(file, onProgress)).url;

/**
 * What a form gives its editors for images from other sites, and whether it may save: `importImage`
 * has the server import an image (tRPC `uploads.importUrl`, pasted HTML's remote images and "Insert
 * image from a URL"); `importVideoPoster` a video's picture and title (tRPC `uploads.videoPoster`, Vimeo's
 * through its oEmbed answer); `busyChange(name)` is an editor's `onBusyChange`; `busy` is true while any of
 * the form's editors is still uploading or importing (its images are not in the HTML until they are
 * on this site, so the form does not save meanwhile, as it waits for a thumbnail upload).
 */
export function useEditorImages() {
  const { mutateAsync } = trpc.uploads.importUrl.useMutation();
  const posters = trpc.uploads.videoPoster.useMutation();
  const [busyEditors, setBusyEditors] = useState<Record<string, boolean>>({});
  const importImage = useCallback(async (url: string) => uploadUrl(await mutateAsync({ url })) ?? '', [mutateAsync]);
  const fetchPoster = posters.mutateAsync;
  const importVideoPoster = useCallback(
    async (video: { provider: VideoProviderName; id: string }) => {
      const { name, title } = await fetchPoster({ provider: video.provider, id: video.id });
      return { url: uploadUrl(name) ?? '', title };
    },
    [fetchPoster],
  );
  const busyChange = useCallback(
    (editor: string) => (busy: boolean) =>
      setBusyEditors((previous) => (previous[editor] === busy ? previous : { ...previous, [editor]: busy })),
    [],
  );
  return { importImage, importVideoPoster, busyChange, busy: Object.values(busyEditors).some(Boolean) };
}
