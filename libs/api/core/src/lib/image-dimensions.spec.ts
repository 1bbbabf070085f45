import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UploadedImageSizes } from './image-dimensions';

/** A PNG header of `width` × `height` (the size is all that is read). */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'ascii');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return header;
}

describe('UploadedImageSizes', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'blog-sizes-'));
    writeFileSync(join(dir, 'wide.png'), png(1200, 630));
    writeFileSync(join(dir, 'broken.png'), Buffer.from('not an image'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the size of an uploaded image, and remembers it', async () => {
    const sizes = new UploadedImageSizes(dir);
    expect(await sizes.of('wide.png')).toEqual({ width: 1200, height: 630 });
    rmSync(join(dir, 'wide.png'));
    expect(await sizes.of('wide.png')).toEqual({ width: 1200, height: 630 });
  });

  it('has no size for nothing, a missing or broken file, or a name that is not an upload name', async () => {
    const sizes = new UploadedImageSizes(dir);
    expect(await sizes.of(null)).toBeNull();
    expect(await sizes.of('missing.png')).toBeNull();
    expect(await sizes.of('broken.png')).toBeNull();
    expect(await sizes.of('../etc/passwd')).toBeNull();
    expect(await sizes.of('.hidden')).toBeNull();
  });
});
