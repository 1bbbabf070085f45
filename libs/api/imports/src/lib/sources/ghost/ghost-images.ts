import type { SourceImagePaths } from '../source-model';
import { GHOST_URL } from './ghost-html';

// Where Ghost keeps uploaded images under its site's address.
const IMAGES_PATH = '/content/images/';
// The resized or re-encoded copies Ghost serves of one upload: `size/w600/`, `size/w600h400/`,
// `size/w600/h400/`, `format/webp/`, each before the upload's own path (`2026/11/a.jpg`).
const VARIANT_PREFIX = /^(?:size\/(?:w\d+h\d+|w\d+|h\d+)\/(?:h\d+\/)?)?(?:format\/[a-z0-9]+\/)?/i;

/**
 * The address of a site image's path under `/content/images/`, as written (still percent-encoded),
 * or null for any other URL. Ghost 4/5 writes its own images as `__GHOST_URL__/content/images/...`;
 * older content may have kept them relative (`/content/images/...`). An absolute URL is another site's.
 */
function imagesPathStart(url: string): number | null {
  if (url.startsWith(GHOST_URL + IMAGES_PATH)) return GHOST_URL.length + IMAGES_PATH.length;
  if (url.startsWith(IMAGES_PATH)) return IMAGES_PATH.length;
  return null;
}

/** `2026/11/a.jpg` for the URL of a site image (its variants keep their `size/w600/` prefix), else null. */
function decodedImagePath(url: string): string | null {
  const start = imagesPathStart(url);
  if (start === null) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.slice(start).replace(/[?#].*$/, ''));
  } catch {
    return null;
  }
  // Only a plain relative path inside the zip: no `..`, no empty or absolute segments, no backslash or NUL.
  const segments = path.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return null;
  if (/[\\\0]/.test(path)) return null;
  return path;
}

/**
 * How Ghost's image URLs map to the images zip, which holds the `content/images` folder of the Ghost
 * site: `__GHOST_URL__/content/images/2026/11/a.jpg` is `2026/11/a.jpg` in it. The runner also tries
 * that path under `images/` and `content/images/`, for a zip made of the folder itself or of `content`.
 */
export function ghostImagePaths(): SourceImagePaths {
  return {
    originalUrl(url) {
      const start = imagesPathStart(url);
      if (start === null) return url;
      // The file the posts show (`a.jpg`), not the unoptimised upload Ghost keeps beside it (`a_o.jpg`).
      const variant = VARIANT_PREFIX.exec(url.slice(start))?.[0] ?? '';
      return url.slice(0, start) + url.slice(start + variant.length);
    },
    zipPath: decodedImagePath,
    fetchUrl(url) {
      // `__GHOST_URL__` and relative URLs have no host to fetch from.
      return /^https?:\/\//i.test(url) ? url : null;
    },
  };
}

/**
 * Where in the images zip an image's bytes may be, best first: the upload the posts show
 * (`2026/11/a.jpg`), else Ghost's unoptimised original of it (`2026/11/a_o.jpg`), else the very variant
 * the URL names (`size/w600/2026/11/a.jpg`). Empty for a URL that is not one of the site's images.
 */
export function ghostZipPathCandidates(url: string): string[] {
  const paths = ghostImagePaths();
  const original = paths.zipPath(paths.originalUrl(url));
  if (original === null) return [];
  const unoptimised = original.replace(/(\.[^./]+)?$/, '_o$1');
  return [...new Set([original, unoptimised, paths.zipPath(url) ?? original])];
}
