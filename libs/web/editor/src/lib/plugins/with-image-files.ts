import type { CustomEditor } from '../custom-types';
import { DROP_IMAGE_TYPES, HEIC_FILE_NAME } from '../constants';

/** Receives the files dropped or pasted into the editor: the PNG, JPEG and HEIC images, and the others. */
export type ImageFilesHandler = (images: File[], refused: File[]) => void;

const HANDLERS = new WeakMap<CustomEditor, ImageFilesHandler>();

/** Who uploads the image files dropped or pasted into `editor` (the component sets itself). */
export function setImageFilesHandler(editor: CustomEditor, handler: ImageFilesHandler | null): void {
  if (handler) HANDLERS.set(editor, handler);
  else HANDLERS.delete(editor);
}

/** True for a file that may be dropped or pasted: PNG, JPEG or HEIC only. */
export const isDroppableImage = (file: File): boolean =>
  (DROP_IMAGE_TYPES as readonly string[]).includes(file.type) || HEIC_FILE_NAME.test(file.name);

/** True for a file the image button takes: any image, and a HEIC photo that has no MIME type. */
export const isImageFile = (file: File): boolean => file.type.startsWith('image/') || HEIC_FILE_NAME.test(file.name);

/**
 * Files dropped or pasted without HTML (HTML wins, as in Quill: a copy from Word carries a picture
 * of the text too) go to the image files handler: PNG, JPEG and HEIC images to be uploaded, anything else
 * refused. They are never inserted as text.
 */
export function withImageFiles<T extends CustomEditor>(editor: T): T {
  const { insertData } = editor;

  editor.insertData = (data) => {
    const files = Array.from(data.files ?? []);
    const types = Array.from(data.types ?? []);
    const hasMarkup = types.includes('text/html') || types.includes('application/x-slate-fragment');
    if (files.length > 0 && !hasMarkup) {
      HANDLERS.get(editor)?.(
        files.filter(isDroppableImage),
        files.filter((file) => !isDroppableImage(file)),
      );
      return;
    }
    insertData(data);
  };

  return editor;
}
