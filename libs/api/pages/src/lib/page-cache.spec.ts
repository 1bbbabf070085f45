import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { PageCache, storedPage, type StoredPage } from './page-cache';

const PLACEHOLDER = 'nonce-placeholder-9c2e';

/** A page of about `kilobytes` kB compressed (random bytes in base64: about 6 bits a character), with a nonce in a script. */
function page(kilobytes: number): StoredPage {
  const text = randomBytes(kilobytes * 1024).toString('base64');
  return storedPage(
    {
      status: 200,
      html: `<script nonce="${PLACEHOLDER}"></script><p>${text}</p>`,
      procedures: ['posts.bySlug'],
      renderPasses: 1,
      postIds: [],
    },
    PLACEHOLDER,
  );
}

function listeningCache(maxEntries: number, maxBytes?: number): PageCache {
  const cache = new PageCache(maxEntries, maxBytes);
  cache.setListening(true);
  return cache;
}

describe('PageCache: bounded by count and by bytes, least recently used out', () => {
  it('counts a page by its compressed body, far below its HTML', () => {
    const html = `<script nonce="${PLACEHOLDER}"></script>${'<p>Hà Giang, chợ phiên và những con đường.</p>'.repeat(2000)}`;
    const stored = storedPage(
      { status: 200, html, procedures: ['posts.bySlug'], renderPasses: 1, postIds: [] },
      PLACEHOLDER,
    );
    expect(stored.bytes).toBeLessThan(Buffer.byteLength(html) / 10);
    expect(stored.bytes).toBeGreaterThan(stored.body('gzip', 'n').length - 100);
  });

  it('lets the least recently used pages go once the kept bytes would pass the bound', () => {
    const pages = [page(10), page(10), page(10), page(10)];
    // Room for three of them, not four.
    const cache = listeningCache(100, pages[0].bytes * 3 + 500);
    pages.slice(0, 3).forEach((stored, index) => expect(cache.set(`/p${index}`, stored, cache.generation)).toBe(true));
    expect(cache.size).toBe(3);
    // /p0 read again: /p1 is now the least recently used.
    cache.get('/p0');
    expect(cache.set('/p3', pages[3], cache.generation)).toBe(true);
    expect(cache.size).toBe(3);
    expect(cache.get('/p1')).toBeUndefined();
    for (const url of ['/p0', '/p2', '/p3']) expect(cache.get(url)).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(pages[0].bytes * 3 + 500);
    // A heavy page takes the room of several light ones.
    expect(cache.set('/heavy', page(25), cache.generation)).toBe(true);
    expect(cache.size).toBe(1);
    expect(cache.get('/heavy')).toBeDefined();
  });

  it('keeps no page heavier than the whole bound, and drops what it replaces', () => {
    const cache = listeningCache(100, 20 * 1024);
    expect(cache.set('/light', page(5), cache.generation)).toBe(true);
    expect(cache.set('/too-heavy', page(30), cache.generation)).toBe(false);
    expect(cache.get('/too-heavy')).toBeUndefined();
    expect(cache.get('/light')).toBeDefined();
    expect(cache.set('/light', page(30), cache.generation)).toBe(false);
    expect(cache.get('/light')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('still bounds the count, and keeps nothing with no bytes allowed', () => {
    const byCount = listeningCache(2);
    for (const url of ['/a', '/b', '/c']) byCount.set(url, page(1), byCount.generation);
    expect(byCount.size).toBe(2);
    expect(byCount.get('/a')).toBeUndefined();
    const none = listeningCache(100, 0);
    expect(none.enabled).toBe(false);
    expect(none.set('/a', page(1), none.generation)).toBe(false);
  });

  it('counts back what invalidation and clearing drop', () => {
    const cache = listeningCache(100, 1024 * 1024);
    cache.set('/a', page(5), cache.generation);
    cache.set('/b', page(5), cache.generation);
    expect(cache.bytes).toBeGreaterThan(10 * 1024);
    // Without a refresh, the pages that read a changed table are dropped.
    cache.invalidate('posts');
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    cache.set('/a', page(5), cache.generation);
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it('serves a page stale while it renders again, but drops a redirect (its target may lead back now)', () => {
    const cache = listeningCache(100, 1024 * 1024);
    cache.setRefresh(() => new Promise<null>(() => undefined));
    const redirect = storedPage(
      { status: 301, location: '/da-lat-2026', html: '', procedures: ['posts.bySlug'], renderPasses: 1, postIds: [] },
      PLACEHOLDER,
    );
    cache.set('/da-lat', redirect, cache.generation);
    cache.set('/about', page(1), cache.generation);
    cache.invalidate('posts');
    expect(cache.get('/da-lat')).toBeUndefined();
    expect(cache.get('/about')).toBeDefined();
    expect(cache.stale('/about')).toBe(true);
  });

  it('answers the same page in gzip and as it is, a nonce in its place, from the compressed form alone', () => {
    const html = `<script nonce="${PLACEHOLDER}"></script><h1>Hà Giang</h1><style nonce="${PLACEHOLDER}"></style>`;
    const stored = storedPage({ status: 200, html, procedures: [], renderPasses: 1, postIds: [] }, PLACEHOLDER);
    const expected = html.replaceAll(PLACEHOLDER, 'abc');
    expect(stored.body('identity', 'abc').toString('utf8')).toBe(expected);
    expect(gunzipSync(stored.body('gzip', 'abc')).toString('utf8')).toBe(expected);
  });
});
