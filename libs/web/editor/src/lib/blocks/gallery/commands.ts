import { Editor, Node, Transforms, type Location, type Path } from 'slate';
import { MAX_GALLERY_IMAGES, type GalleryImage } from '@blog/shared/html';
import type { CustomEditor } from '../../custom-types';
import type { GalleryElement } from './gallery';
import { insertTopLevelBlock } from '../../commands/insert-block';

/** A gallery of the photos at `urls` where `at` (or the selection) is; its alt texts to be written. */
export function insertGallery(editor: CustomEditor, urls: string[], at: Location | null = editor.selection): void {
  if (urls.length === 0) return;
  if (at) Transforms.select(editor, at);
  const [index] = insertTopLevelBlock(editor, {
    type: 'gallery',
    images: urls.slice(0, MAX_GALLERY_IMAGES).map((url) => ({ url })),
    children: [{ text: '' }],
  });
  Transforms.select(editor, Editor.start(editor, [index + 1]));
}

function setImages(editor: CustomEditor, path: Path, change: (images: GalleryImage[]) => GalleryImage[]): void {
  const gallery = Node.get(editor, path) as GalleryElement;
  Transforms.setNodes<GalleryElement>(editor, { images: change([...gallery.images]) }, { at: path, voids: true });
}

export function addGalleryImages(editor: CustomEditor, path: Path, urls: string[]): void {
  setImages(editor, path, (images) => [...images, ...urls.map((url) => ({ url }))].slice(0, MAX_GALLERY_IMAGES));
}

export function setGalleryField(
  editor: CustomEditor,
  path: Path,
  index: number,
  field: 'alt' | 'caption',
  value: string,
): void {
  setImages(editor, path, (images) => images.map((image, i) => (i === index ? { ...image, [field]: value } : image)));
}

/** Moves a photo one place earlier (-1) or later (1). */
export function moveGalleryImage(editor: CustomEditor, path: Path, index: number, step: -1 | 1): void {
  setImages(editor, path, (images) => {
    const to = index + step;
    if (to < 0 || to >= images.length) return images;
    [images[index], images[to]] = [images[to], images[index]];
    return images;
  });
}

/** Removes a photo; the gallery goes with its last one (see withGalleries). */
export function removeGalleryImage(editor: CustomEditor, path: Path, index: number): void {
  setImages(editor, path, (images) => images.filter((_image, i) => i !== index));
}

/** Who uploads the photos added to a gallery (the component sets itself: uploads with their progress). */
export type GalleryUploader = (files: File[], place: (urls: string[]) => void) => void;
const UPLOADERS = new WeakMap<CustomEditor, GalleryUploader>();

export function setGalleryUploader(editor: CustomEditor, uploader: GalleryUploader | null): void {
  if (uploader) UPLOADERS.set(editor, uploader);
  else UPLOADERS.delete(editor);
}

export const galleryUploader = (editor: CustomEditor): GalleryUploader | undefined => UPLOADERS.get(editor);
