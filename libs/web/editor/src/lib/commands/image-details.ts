import { Editor, Node, Path, Transforms } from 'slate';
import type { CustomEditor, FigureElement, ImageElement } from '../custom-types';
import { isFigure, isImage, isImageOrFigure, isList, isTextBlock } from '../nodes';

/** The image (inline or figure) the selection is on, unless it is still on its way to this site. */
export function selectedImage(
  editor: CustomEditor,
  at = editor.selection,
): [ImageElement | FigureElement, Path] | null {
  if (!at) return null;
  const entry = Editor.above<ImageElement | FigureElement>(editor, { at, match: isImageOrFigure, voids: true });
  return entry && !entry[0].pending ? entry : null;
}

/** Sets the alt text of the image or figure at `path`; a blank one removes it. */
export function setImageAlt(editor: CustomEditor, path: Path, alt: string): void {
  if (alt.trim()) Transforms.setNodes<ImageElement | FigureElement>(editor, { alt }, { at: path, voids: true });
  else Transforms.unsetNodes(editor, 'alt', { at: path, voids: true });
}

/**
 * Sets the caption of the image at `path` and answers where the image is afterwards. An inline image
 * given a caption becomes a figure, a block of its own: its line (its list, quote …) is split around
 * it, and a side left empty goes, but for an empty line after a figure that ends the document (the
 * writer's place to go on). A figure keeps its place when its caption is cleared.
 */
export function setImageCaption(editor: CustomEditor, path: Path, caption: string): Path {
  const node = Node.get(editor, path);
  if (isFigure(node)) {
    if (caption) Transforms.setNodes<FigureElement>(editor, { caption }, { at: path, voids: true });
    else Transforms.unsetNodes(editor, 'caption', { at: path, voids: true });
    return path;
  }
  if (!isImage(node) || !caption.trim()) return path;
  return imageToFigure(editor, path, node, caption);
}

function imageToFigure(editor: CustomEditor, path: Path, image: ImageElement, caption: string): Path {
  const figure: FigureElement = { ...image, type: 'figure', caption, children: [{ text: '' }] };
  const topLevel = (_node: Node, nodePath: Path) => nodePath.length === 1;
  let figurePath: Path = [path[0] + 1];
  Editor.withoutNormalizing(editor, () => {
    const imageRef = Editor.pathRef(editor, path);
    // An inline element always has a text on each side: split before the image, then after it.
    Transforms.splitNodes(editor, { at: Editor.end(editor, Path.previous(path)), match: topLevel, always: true });
    const moved = imageRef.unref();
    if (!moved) return;
    Transforms.splitNodes(editor, { at: Editor.start(editor, Path.next(moved)), match: topLevel, always: true });
    // The middle block now holds only the image: the figure takes its place.
    const middle: Path = [moved[0]];
    Transforms.removeNodes(editor, { at: middle });
    Transforms.insertNodes(editor, figure, { at: middle });
    const figureRef = Editor.pathRef(editor, middle);
    removeBlankEdge(editor, Path.next(middle), 'first');
    if (middle[0] > 0) removeBlankEdge(editor, Path.previous(middle), 'last');
    figurePath = figureRef.unref() ?? middle;
  });
  Transforms.select(editor, Editor.start(editor, figurePath));
  return figurePath;
}

/**
 * Removes a block's first or last line when it is blank (the block too, when that was its only line),
 * but for the last block of the document, right after the figure: the line to go on writing in.
 */
function removeBlankEdge(editor: CustomEditor, blockPath: Path, edge: 'first' | 'last'): void {
  const block = Node.get(editor, blockPath);
  const lines = isList(block) ? block.children.length : 1;
  if (edge === 'first' && lines === 1 && !Node.has(editor, Path.next(blockPath))) return;
  const linePath = isList(block) ? [...blockPath, edge === 'first' ? 0 : lines - 1] : blockPath;
  const line = Node.get(editor, linePath);
  const blank = isTextBlock(line) && line.children.every((child) => 'text' in child && child.text === '');
  if (!blank) return;
  Transforms.removeNodes(editor, { at: lines > 1 ? linePath : blockPath });
}

/** Removes the image or figure at `path`. */
export function removeImage(editor: CustomEditor, path: Path): void {
  Transforms.removeNodes(editor, { at: path, voids: true });
}

/**
 * Where the cursor goes when the writer leaves an image's panel: right after the image, in its line
 * or in the block after a figure (a new empty line when a figure ends the document).
 */
export function selectAfterImage(editor: CustomEditor, path: Path): void {
  const node = Node.get(editor, path);
  if (isFigure(node)) {
    const next = Path.next(path);
    if (!Node.has(editor, next))
      Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }] }, { at: next });
    Transforms.select(editor, Editor.start(editor, next));
    return;
  }
  Transforms.select(editor, Editor.start(editor, Path.next(path)));
}
