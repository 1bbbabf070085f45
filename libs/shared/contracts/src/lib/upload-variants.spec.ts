import { uploadVariantName, uploadVariantSrcSet, uploadVariantWidths } from './upload-variants';

describe('upload variants', () => {
  it.each([
    [3000, [480, 960, 1600]],
    [1600, [480, 960, 1600]],
    [1200, [480, 960, 1200]],
    [800, [480, 800]],
    [480, [480]],
    [300, [300]],
    [0, []],
  ])('an image %p pixels wide has variants %p: never wider than itself', (width, widths) => {
    expect(uploadVariantWidths(width)).toEqual(widths);
  });

  it('names a variant from the original, and lists them with their widths', () => {
    expect(uploadVariantName('2f1c.photo.jpg', 480, 'webp')).toBe('2f1c.photo-480.webp');
    expect(uploadVariantSrcSet('a.png', 800, 'avif')).toBe('/uploads/a-480.avif 480w, /uploads/a-800.avif 800w');
  });
});
