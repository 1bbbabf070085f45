import { render } from 'dom-serializer';
import { Element, isTag, type ChildNode } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import {
  CONTENT_IMAGE_SIZES,
  isUploadName,
  UPLOAD_VARIANT_FORMATS,
  UPLOADS_PATH,
  uploadVariantSrcSet,
} from '@blog/contracts';

export interface ImageSize {
  width: number;
  height: number;
}

const UPLOAD_PREFIX = `${UPLOADS_PATH}/`;

/** The stored upload an image's `src` shows (`/uploads/{name}`), or null for any other address. */
export function uploadNameOf(src: string | undefined): string | null {
  if (!src?.startsWith(UPLOAD_PREFIX)) return null;
  let name: string;
  try {
    name = decodeURIComponent(src.slice(UPLOAD_PREFIX.length));
  } catch {
    return null;
  }
  // Only what /uploads serves: never a path, a query or a fragment.
  return isUploadName(name) ? name : null;
}

function images(nodes: ChildNode[], found: Element[] = []): Element[] {
  for (const node of nodes) {
    if (!isTag(node)) continue;
    if (node.name === 'img') found.push(node);
    else images(node.children, found);
  }
  return found;
}

const positiveInteger = (value: string | undefined) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
};

/** The size the image is drawn at: the editor's width and height when set, else the upload's own. */
function drawnSize(img: Element, natural: ImageSize): ImageSize {
  const width = positiveInteger(img.attribs['width']);
  const height = positiveInteger(img.attribs['height']);
  if (width && height) return { width, height };
  if (width) return { width, height: Math.round((width * natural.height) / natural.width) };
  if (height) return { width: Math.round((height * natural.width) / natural.height), height };
  return natural;
}

/**
 * Sanitised rich text (a post's content, the About page) as visitors get it: every image is loaded
 * lazily (`loading="lazy"`, `decoding="async"`: the text comes first), and each uploaded image of a
 * known size gets its `width`/`height` (no layout shift) and becomes a `<picture>` offering its AVIF
 * and WebP variants (`UPLOAD_VARIANT_WIDTHS`) for `sizes`, never wider than the image is drawn.
 * GIFs keep their original (a variant would lose the animation). The stored HTML stays as the editor
 * wrote it: this runs when the public reads it, so variants and sizes can change without a migration.
 * `readSizes` answers the known sizes of the uploads it is given, all at once.
 */
export async function withResponsiveImages(
  html: string,
  readSizes: (names: string[]) => Promise<ReadonlyMap<string, ImageSize>>,
  sizes: string = CONTENT_IMAGE_SIZES,
): Promise<string> {
  // Most text has no image: it is not parsed.
  if (!/<img[\s>]/i.test(html)) return html;
  const document = parseDocument(html);
  const found = images(document.children);
  const names = [...new Set(found.map((img) => uploadNameOf(img.attribs['src'])).filter((name) => name !== null))];
  const known = names.length > 0 ? await readSizes(names) : new Map<string, ImageSize>();
  for (const img of found) {
    img.attribs['loading'] = 'lazy';
    img.attribs['decoding'] = 'async';
    const name = uploadNameOf(img.attribs['src']);
    const natural = name ? known.get(name) : undefined;
    if (!name || !natural) continue;
    const drawn = drawnSize(img, natural);
    img.attribs['width'] = String(drawn.width);
    img.attribs['height'] = String(drawn.height);
    if (name.endsWith('.gif') || (img.parent && isTag(img.parent) && img.parent.name === 'picture')) continue;
    wrapInPicture(
      img,
      name,
      natural.width,
      drawn.width < natural.width ? `(max-width: ${drawn.width}px) 100vw, ${drawn.width}px` : sizes,
    );
  }
  return render(document, { encodeEntities: 'utf8' });
}

function wrapInPicture(img: Element, name: string, naturalWidth: number, sizes: string): void {
  const picture = new Element('picture', {});
  DomUtils.replaceElement(img, picture);
  for (const format of UPLOAD_VARIANT_FORMATS) {
    const srcset = uploadVariantSrcSet(name, naturalWidth, format);
    DomUtils.appendChild(picture, new Element('source', { type: `image/${format}`, srcset, sizes }));
  }
  DomUtils.appendChild(picture, img);
}
