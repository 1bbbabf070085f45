import { uploadNameOf, withResponsiveImages } from './responsive-images';

const SIZES = '(min-width: 1024px) 800px, 100vw';
const known: Record<string, { width: number; height: number }> = {
  'photo.jpg': { width: 1200, height: 800 },
  'small.png': { width: 300, height: 200 },
  'anim.gif': { width: 640, height: 480 },
};
/** The sizes asked for, each call's names. */
let asked: string[][] = [];
const readSizes = async (names: string[]) => {
  asked.push(names);
  return new Map(names.filter((name) => known[name]).map((name) => [name, known[name]] as const));
};
const responsiveImages = (html: string) => withResponsiveImages(html, readSizes, SIZES);

beforeEach(() => {
  asked = [];
});

describe('uploadNameOf', () => {
  it('answers the upload a src shows, and nothing for other addresses or odd names', () => {
    expect(uploadNameOf('/uploads/photo.jpg')).toBe('photo.jpg');
    expect(uploadNameOf('/uploads/my%20photo.jpg')).toBeNull();
    expect(uploadNameOf('/uploads/a-b_c.1.webp')).toBe('a-b_c.1.webp');
    for (const src of [
      'https://example.com/uploads/photo.jpg',
      '/uploads/../etc/passwd',
      '/uploads/%2e%2e%2fx',
      '/uploads/%E0%A4%A',
      '/uploads/x.jpg?x=1',
      undefined,
    ]) {
      expect(uploadNameOf(src)).toBeNull();
    }
  });
});

describe('withResponsiveImages', () => {
  it('offers AVIF and WebP variants of an uploaded image with its size, loaded lazily', async () => {
    const html = '<p>Before <img src="/uploads/photo.jpg" alt="Rice &amp; &quot;fields&quot;"> after</p>';
    expect(await responsiveImages(html)).toBe(
      '<p>Before <picture>' +
        `<source type="image/avif" srcset="/uploads/photo-480.avif 480w, /uploads/photo-960.avif 960w, /uploads/photo-1200.avif 1200w" sizes="${SIZES}">` +
        `<source type="image/webp" srcset="/uploads/photo-480.webp 480w, /uploads/photo-960.webp 960w, /uploads/photo-1200.webp 1200w" sizes="${SIZES}">` +
        '<img src="/uploads/photo.jpg" alt="Rice &amp; &quot;fields&quot;" loading="lazy" decoding="async" width="1200" height="800">' +
        '</picture> after</p>',
    );
  });

  it('keeps the size the editor gave, scales the missing side, and never asks for more than it draws', async () => {
    const out = await responsiveImages('<p><img src="/uploads/photo.jpg" width="600"></p>');
    expect(out).toContain('width="600" loading="lazy" decoding="async" height="400"');
    expect(out).toContain('sizes="(max-width: 600px) 100vw, 600px"');
    const both = await responsiveImages('<p><img src="/uploads/photo.jpg" width="300" height="300"></p>');
    expect(both).toContain('width="300" height="300"');
  });

  it('gives a GIF its size but no variants (they would lose the animation)', async () => {
    const out = await responsiveImages('<p><img src="/uploads/anim.gif"></p>');
    expect(out).toBe('<p><img src="/uploads/anim.gif" loading="lazy" decoding="async" width="640" height="480"></p>');
  });

  it('reads the sizes of all the uploads it shows at once, each once, and none for text without one', async () => {
    await responsiveImages(
      '<p><img src="/uploads/photo.jpg"></p><ul><li><img src="/uploads/small.png"><img src="/uploads/photo.jpg"></li></ul>',
    );
    expect(asked).toEqual([['photo.jpg', 'small.png']]);
    asked = [];
    await responsiveImages('<p><img src="https://example.com/x.png"></p><p>No image</p>');
    expect(asked).toEqual([]);
  });

  it('loads other images lazily and leaves them otherwise as they are', async () => {
    const html = '<p><img src="https://example.com/x.png" alt="x"><img src="/uploads/unknown.jpg"></p>';
    expect(await responsiveImages(html)).toBe(
      '<p><img src="https://example.com/x.png" alt="x" loading="lazy" decoding="async"><img src="/uploads/unknown.jpg" loading="lazy" decoding="async"></p>',
    );
  });

  it('leaves the rest of the text untouched, and text without images as it is', async () => {
    const text =
      '<h2>Đà Lạt</h2><p>Tôi&nbsp;đi <a href="/x?a=1&amp;b=2">xem</a> hoa &lt;3</p><pre class="language-js"><code class="language-js"><span class="hljs-keyword">const</span> a = 1 &lt; 2;</code></pre>';
    expect(await responsiveImages(text)).toBe(text);
    const withImage = await responsiveImages(`${text}<p><img src="/uploads/small.png"></p>`);
    expect(withImage.slice(0, text.length)).toBe(text);
  });

  it('is idempotent', async () => {
    const once = await responsiveImages('<p><img src="/uploads/small.png"></p>');
    expect(await responsiveImages(once)).toBe(once);
  });
});
