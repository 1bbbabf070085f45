import { Editor, Element, Node, Path, Transforms, type Descendant } from 'slate';
import type { CustomEditor, FigureElement, ImageElement } from '../custom-types';
import { isImageOrFigure } from '../nodes';
import { UNLOADABLE_IMAGE } from '../serialization/html-to-slate';

/**
 * What becomes of one image of pasted HTML so that the post keeps it on this site: a data: image or
 * a clipboard file is uploaded, a remote image imported by the server, and an image whose source
 * cannot be read here (Word's `file:`) with no clipboard file to stand for it is reported.
 */
export type PastedImageJob =
  | { id: string; kind: 'upload'; file: File }
  | { id: string; kind: 'import'; url: string }
  | { id: string; kind: 'unreadable' };

export type PastedImagesHandler = (jobs: PastedImageJob[]) => void;

const HANDLERS = new WeakMap<CustomEditor, PastedImagesHandler>();

/** Who uploads and imports the images of HTML pasted into `editor` (the component sets itself). */
export function setPastedImagesHandler(editor: CustomEditor, handler: PastedImagesHandler | null): void {
  if (handler) HANDLERS.set(editor, handler);
  else HANDLERS.delete(editor);
}

export function pastedImagesHandler(editor: CustomEditor): PastedImagesHandler | undefined {
  return HANDLERS.get(editor);
}

let lastId = 0;
const nextId = () => `pasted-${++lastId}`;

/** An image already served by this site (`/uploads/…`, relative or on this origin): kept as it is. */
export function isOwnUpload(url: string): boolean {
  try {
    const base = typeof window === 'undefined' ? 'http://localhost' : window.location.href;
    const parsed = new URL(url, base);
    return parsed.origin === new URL(base).origin && parsed.pathname.startsWith('/uploads/');
  } catch {
    return false;
  }
}

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,(.*)$/is;
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** A data: image as a file, to be uploaded like a dropped one; null when it is no base64 image. */
export function dataUrlToFile(url: string, name: string): File | null {
  const match = DATA_URL.exec(url.trim());
  if (!match) return null;
  try {
    const binary = atob(match[2].replace(/\s+/g, ''));
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    const type = match[1].toLowerCase();
    return new File([bytes], `${name}.${EXTENSIONS[type] ?? 'img'}`, { type });
  } catch {
    return null;
  }
}

/** The images of a fragment, inline ones and captioned figures alike. */
function imagesOf(fragment: Descendant[]): Array<ImageElement | FigureElement> {
  const images: Array<ImageElement | FigureElement> = [];
  for (const node of fragment) {
    if (isImageOrFigure(node)) images.push(node);
    else if (Element.isElement(node))
      for (const [child] of Node.descendants(node)) if (isImageOrFigure(child)) images.push(child);
  }
  return images;
}

/**
 * Marks the images of a pasted fragment (before it is inserted) with the job that will put them on
 * this site, and answers those jobs in document order. `clipboardFiles` are the image files that came
 * with the HTML: when there are exactly as many as images the HTML could not load (Word's `file:`
 * pictures), they take their places in order; otherwise (Word also puts a picture of the whole
 * selection there) they cannot be matched, and those images are reported.
 */
export function claimPastedImages(fragment: Descendant[], clipboardFiles: File[]): PastedImageJob[] {
  const images = imagesOf(fragment);
  const unloadable = images.filter((image) => image.pending === UNLOADABLE_IMAGE);
  const files = clipboardFiles.filter((file) => file.type.startsWith('image/'));
  const matched = unloadable.length > 0 && files.length === unloadable.length;
  const jobs: PastedImageJob[] = [];
  let fileIndex = 0;
  for (const image of images) {
    const id = nextId();
    if (image.pending === UNLOADABLE_IMAGE) {
      jobs.push(matched ? { id, kind: 'upload', file: files[fileIndex++] } : { id, kind: 'unreadable' });
    } else if (/^data:/i.test(image.url)) {
      const file = dataUrlToFile(image.url, id);
      jobs.push(file ? { id, kind: 'upload', file } : { id, kind: 'unreadable' });
    } else if (/^https?:/i.test(image.url) && !isOwnUpload(image.url)) {
      jobs.push({ id, kind: 'import', url: image.url });
    } else {
      continue;
    }
    image.pending = id;
  }
  return jobs;
}

/**
 * How each finished job ended, per editor: the image's URL on this site, or null (it was removed).
 * Kept so that the image comes back settled when an undo (or a paste of a copy made meanwhile)
 * brings back its pending version: never as a pending image whose job is over.
 */
const SETTLED = new WeakMap<CustomEditor, Map<string, string | null>>();

function settle(editor: CustomEditor, path: Path, url: string | null): void {
  if (url) {
    Transforms.setNodes(editor, { url }, { at: path, voids: true });
    Transforms.unsetNodes(editor, 'pending', { at: path, voids: true });
  } else {
    Transforms.removeNodes(editor, { at: path, voids: true });
  }
}

/**
 * Ends job `id`: its images (there may be copies) point at `url` on this site, or are removed when
 * `url` is null. Answers whether any image of the job was still in the document.
 */
export function settlePastedImage(editor: CustomEditor, id: string, url: string | null): boolean {
  let settled = SETTLED.get(editor);
  if (!settled) SETTLED.set(editor, (settled = new Map()));
  settled.set(id, url);
  const paths = Array.from(
    Editor.nodes(editor, { at: [], voids: true, match: (node) => isImageOrFigure(node) && node.pending === id }),
    ([, path]) => path,
  );
  // From the last: removing one does not move those before it.
  Editor.withoutNormalizing(editor, () => {
    for (const path of paths.reverse()) settle(editor, path, url);
  });
  return paths.length > 0;
}

/** Settles a pending image that comes back (undo, redo, a copy pasted) after its job ended. */
export function withPastedImages<T extends CustomEditor>(editor: T): T {
  const { normalizeNode } = editor;
  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    const settled = isImageOrFigure(node) && node.pending ? SETTLED.get(editor) : undefined;
    if (settled && isImageOrFigure(node) && node.pending && settled.has(node.pending)) {
      settle(editor, path, settled.get(node.pending) ?? null);
      return;
    }
    normalizeNode(entry, options);
  };
  return editor;
}
