import { UploadEntity } from '@blog/api/data';
import { useTestDatabase } from '@blog/api/data/testing';
import { UploadedImageSizes } from './uploaded-image-sizes';

const HOOK_TIMEOUT = 60_000;

describe('UploadedImageSizes (from the uploads table)', () => {
  const database = useTestDatabase();
  const addUpload = (name: string, width: number, height: number) =>
    database.dataSource.getRepository(UploadEntity).insert({
      name,
      content: Buffer.from('x'),
      content_type: 'image/png',
      width,
      height,
      original_width: width,
      original_height: height,
      byte_size: 1,
    });

  beforeAll(async () => {
    await addUpload('wide.png', 1200, 630);
    await addUpload('tall.jpg', 600, 900);
  }, HOOK_TIMEOUT);

  it('answers the stored size of an upload, and remembers it', async () => {
    const sizes = new UploadedImageSizes(database.dataSource);
    expect(await sizes.of('wide.png')).toEqual({ width: 1200, height: 630 });
    await database.dataSource.getRepository(UploadEntity).update({ name: 'wide.png' }, { width: 1, height: 1 });
    expect(await sizes.of('wide.png')).toEqual({ width: 1200, height: 630 });
  });

  it('has no size for nothing, an unknown name or a path', async () => {
    const sizes = new UploadedImageSizes(database.dataSource);
    expect(await sizes.of(null)).toBeNull();
    expect(await sizes.of('missing.png')).toBeNull();
    expect(await sizes.of('../etc/passwd')).toBeNull();
  });

  it('answers a list of names in one query, by name, leaving out the unknown ones', async () => {
    const sizes = new UploadedImageSizes(database.dataSource);
    const query = jest.spyOn(database.dataSource, 'getRepository');
    try {
      const answer = await sizes.ofMany(['tall.jpg', null, 'missing.png', 'tall.jpg', 'wide.png']);
      expect(Object.fromEntries(answer)).toEqual({
        'tall.jpg': { width: 600, height: 900 },
        'wide.png': expect.any(Object),
      });
      expect(query).toHaveBeenCalledTimes(1);
    } finally {
      query.mockRestore();
    }
  });
});
