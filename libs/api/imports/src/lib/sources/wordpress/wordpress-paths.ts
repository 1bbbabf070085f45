import type { SourceImagePaths } from '../source-model';

/** Percent-encoding decoded where it is valid UTF-8 (`%e1%bb%8d` → `ọ`), left as written where it is not. */
export function decodePercent(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (encoded) => {
    try {
      return decodeURIComponent(encoded);
    } catch {
      return encoded;
    }
  });
}

/**
 * An old address as the path (and query) a visitor requested, decoded: `https://example.com/2019/05/08/b%c3%a0i/`
 * → `/2019/05/08/bài/`, `https://example.com/?p=12` → `/?p=12`. Null for what is no web address.
 */
export function oldPath(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim(), 'http://old-site.invalid');
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  // A doubled slash (a misconfigured site's `//greek/…`) reaches WordPress as one.
  return decodePercent(parsed.pathname).replace(/\/{2,}/g, '/') + decodePercent(parsed.search);
}

/** `https://example.com/wp-content/uploads/2019/05/a.jpg` → `2019/05/a.jpg` (and WordPress.com's `*.files.wordpress.com/2019/05/a.jpg`). */
function uploadsPath(url: URL): string | null {
  const path = decodePercent(url.pathname);
  const marker = path.indexOf('/wp-content/uploads/');
  const inside =
    marker !== -1
      ? path.slice(marker + '/wp-content/uploads/'.length)
      : url.hostname.endsWith('.files.wordpress.com')
        ? path.slice(1)
        : null;
  if (
    !inside ||
    inside.endsWith('/') ||
    inside.split('/').some((segment) => segment === '' || segment === '..' || segment === '.')
  ) {
    return null;
  }
  return inside;
}

/** A size WordPress made of an upload: `-300x200`, `-scaled` (its big-image threshold), `-rotated`, before the extension. */
const SIZE_SUFFIX = /(?:-\d+x\d+|-scaled|-rotated)+(?=\.[A-Za-z0-9]+$)/;

/**
 * How WordPress image addresses map to their bytes. `zipPath` is the path inside the folder
 * `wp-content/uploads`; an images zip of that folder may hold it as `2019/05/a.jpg`, `uploads/2019/05/a.jpg`
 * or `wp-content/uploads/2019/05/a.jpg`, depending on which folder the owner zipped: the zip reader tries each.
 * A multisite's uploads keep their `sites/2/` prefix.
 */
export function wordPressImagePaths(origin: string | null): SourceImagePaths {
  const absolute = (url: string): URL | null => {
    try {
      const parsed = origin ? new URL(url.trim(), origin) : new URL(url.trim());
      return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
    } catch {
      return null;
    }
  };
  return {
    originalUrl(url) {
      const parsed = absolute(url);
      if (!parsed || uploadsPath(parsed) === null) return url;
      // A query on an upload only ever asks for a size (WordPress.com's `?w=300`) or busts a cache.
      const [path] = url.split(/[?#]/, 1);
      const slash = path.lastIndexOf('/');
      return path.slice(0, slash + 1) + path.slice(slash + 1).replace(SIZE_SUFFIX, '');
    },
    zipPath(url) {
      const parsed = absolute(url);
      return parsed && uploadsPath(parsed);
    },
    fetchUrl(url) {
      return absolute(url)?.href ?? null;
    },
  };
}
