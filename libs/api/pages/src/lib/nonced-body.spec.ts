import { createHash, randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import { createNonce } from '@blog/api/http';
import { crc32Combine, crc32Shift, noncedBody, noncedBodyFromBytes } from './nonced-body';

const PLACEHOLDER = 'nonce-placeholder-1f3a';

describe('noncedBody: one compression, a fresh nonce per answer', () => {
  const pages = {
    'a page': `<!doctype html><meta nonce="${PLACEHOLDER}"><script nonce="${PLACEHOLDER}" src="/a.js"></script><h1>Hà Giang – chợ phiên</h1>`,
    'no placeholder': '<p>plain</p>',
    'placeholders at both ends and side by side': `${PLACEHOLDER}${PLACEHOLDER}<p>x</p>${PLACEHOLDER}`,
    'an empty page': '',
    // Larger than a stored block and than deflate's window, with random (incompressible) text.
    'a large page': `<style nonce="${PLACEHOLDER}">${'p{color:red}'.repeat(20_000)}</style>${randomBytes(100_000).toString('base64')}<script nonce="${PLACEHOLDER}"></script>`,
  };

  it.each(Object.entries(pages))('gives %s with the nonce in every place, as gzip and as it is', (_name, html) => {
    const body = noncedBody(html, PLACEHOLDER);
    for (const nonce of [createNonce(), createNonce()]) {
      const expected = html.split(PLACEHOLDER).join(nonce);
      expect(body.identity(nonce).toString('utf8')).toBe(expected);
      // gunzip checks the stream, its CRC and its length.
      expect(gunzipSync(body.gzip(nonce)).toString('utf8')).toBe(expected);
    }
  });

  it('compresses a stylesheet every page inlines once, and keeps it once for all of them', () => {
    const style = `<style nonce="${PLACEHOLDER}">${'.site{margin:0 auto}'.repeat(500)}</style>`;
    const first = noncedBody(`<h1>One</h1>${style}<p>${randomBytes(2000).toString('base64')}</p>`, PLACEHOLDER);
    const html = `<h1>Two</h1>${style}<p>${randomBytes(2000).toString('base64')}</p>${style}`;
    const second = noncedBody(html, PLACEHOLDER);
    // Only the random text is counted: the stylesheet's compressed bytes are shared.
    for (const body of [first, second]) {
      expect(body.bytes).toBeGreaterThan(2000);
      expect(body.bytes).toBeLessThan(3000);
    }
    expect(gunzipSync(second.gzip('n1')).toString('utf8')).toBe(html.replaceAll(PLACEHOLDER, 'n1'));
    expect(second.identity('n2').toString('utf8')).toBe(html.replaceAll(PLACEHOLDER, 'n2'));
  });

  it('keeps one ETag whatever the nonce, and a different one for other content', () => {
    const html = pages['a page'];
    expect(noncedBody(html, PLACEHOLDER).etag).toBe(
      noncedBody(html.replaceAll(PLACEHOLDER, 'another-placeholder'), 'another-placeholder').etag,
    );
    expect(noncedBody(html.replace('Hà', 'Ha'), PLACEHOLDER).etag).not.toBe(noncedBody(html, PLACEHOLDER).etag);
    // The nonce's places count: moving one makes another page.
    expect(noncedBody(`a${PLACEHOLDER}b`, PLACEHOLDER).etag).not.toBe(noncedBody(`ab${PLACEHOLDER}`, PLACEHOLDER).etag);
  });

  it.each(Object.entries(pages))(
    'reads %s back from its bytes, with the same answers, ETag and weight',
    (_name, html) => {
      const body = noncedBody(html, PLACEHOLDER);
      const copy = noncedBodyFromBytes(body.toBytes(), body.etag);
      expect(copy).not.toBeNull();
      expect(copy?.etag).toBe(body.etag);
      expect(copy?.bytes).toBe(body.bytes);
      const nonce = createNonce();
      expect(copy?.gzip(nonce).equals(body.gzip(nonce))).toBe(true);
      expect(copy?.identity(nonce).toString('utf8')).toBe(html.split(PLACEHOLDER).join(nonce));
    },
  );

  it('names a shared stylesheet in the bytes rather than copying it, and refuses bytes it cannot read', () => {
    const style = `<style nonce="${PLACEHOLDER}">${'.stored{margin:0}'.repeat(400)}</style>`;
    const body = noncedBody(`<h1>Stored</h1>${style}<p>end</p>`, PLACEHOLDER);
    const bytes = body.toBytes();
    expect(bytes.length).toBeLessThan(body.bytes + 200);
    expect(noncedBodyFromBytes(bytes, body.etag)?.identity('n').toString('utf8')).toContain('.stored{margin:0}');
    // Another process that never compressed that stylesheet cannot rebuild the page: it renders it.
    const unknownStyle = Buffer.from(bytes);
    // The shared segment: from after the style element's nonce to its end.
    const sharedText = style.slice(style.indexOf(PLACEHOLDER) + PLACEHOLDER.length);
    const idAt = unknownStyle.indexOf(createHash('sha1').update(sharedText).digest());
    expect(idAt).toBeGreaterThan(0);
    unknownStyle[idAt] ^= 0xff;
    expect(noncedBodyFromBytes(unknownStyle, body.etag)).toBeNull();
    expect(noncedBodyFromBytes(bytes.subarray(0, bytes.length - 3), body.etag)).toBeNull();
    expect(noncedBodyFromBytes(Buffer.from([9, 0, 0, 0, 0]), body.etag)).toBeNull();
    expect(noncedBodyFromBytes(Buffer.alloc(0), body.etag)).toBeNull();
  });

  it('combines CRC-32s as zlib computes them over the whole', () => {
    for (const [a, b] of [
      [randomBytes(1), randomBytes(1)],
      [randomBytes(100), randomBytes(70_000)],
      [Buffer.alloc(0), randomBytes(5)],
      [randomBytes(5), Buffer.alloc(0)],
    ]) {
      expect(crc32Combine(crc32(a), crc32(b), crc32Shift(b.length))).toBe(crc32(Buffer.concat([a, b])));
    }
  });

  it('draws nonces of 128 random bits, never the same twice', () => {
    const nonces = Array.from({ length: 1000 }, () => createNonce());
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});
