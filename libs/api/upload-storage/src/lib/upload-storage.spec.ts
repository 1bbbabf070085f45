import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { openDataSource } from '@blog/api/data';
import { useTestDatabase } from '@blog/api/data/testing';
import { importUploadDir, type ImportLog } from './import-uploads';
import { UploadFiles } from './upload-files';
import { UploadStore } from './upload-store';

const noise = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: 'black', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  });

/** A phone photo: EXIF with a GPS position, lying on its side (orientation 6: shown turned a quarter). */
const phonePhoto = () =>
  noise(400, 200)
    .jpeg()
    .withExif({ IFD0: { Artist: 'EXIF-MARKER' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 46/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** Collects what an import logs. */
function logCollector(): ImportLog & { infos: string[]; warnings: string[] } {
  const infos: string[] = [];
  const warnings: string[] = [];
  return { infos, warnings, info: (message) => infos.push(message), warn: (message) => warnings.push(message) };
}

interface Row {
  name: string;
  content: Buffer;
  content_type: string;
  width: number;
  height: number;
}

describe('upload storage (PostgreSQL, with a disk cache per instance)', () => {
  const database = useTestDatabase();
  let store: UploadStore;
  const folders: string[] = [];
  const folder = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    folders.push(dir);
    return dir;
  };
  const rows = async (): Promise<Row[]> =>
    (await database.dataSource.query(
      `SELECT name, content, content_type, width, height FROM uploads ORDER BY name`,
    )) as Row[];
  const row = async (name: string) => (await rows()).find((candidate) => candidate.name === name);

  beforeAll(() => {
    store = new UploadStore(database.dataSource);
  });

  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await database.dataSource.query('DELETE FROM uploads');
  });

  describe('importing the files under UPLOAD_DIR', () => {
    it('re-encodes each image under its own name (EXIF and GPS gone, upright), keeps a GIF as it is, and logs one summary', async () => {
      const dir = folder('blog-import-');
      const photo = await phonePhoto();
      expect(await sharp(photo).metadata()).toMatchObject({ width: 400, height: 200, orientation: 6 });
      writeFileSync(join(dir, 'trip.jpg'), photo);
      const gif = await sharp({ create: { width: 3, height: 2, channels: 3, background: 'red' } })
        .gif()
        .toBuffer();
      writeFileSync(join(dir, 'spinner.gif'), gif);
      const log = logCollector();

      expect(await importUploadDir(store, dir, log)).toEqual({ imported: 2, present: 0, skipped: 0 });

      const trip = await row('trip.jpg');
      expect(trip).toMatchObject({ content_type: 'image/jpeg', width: 200, height: 400 });
      const kept = await sharp(trip?.content).metadata();
      expect(kept).toMatchObject({ format: 'jpeg', width: 200, height: 400 });
      expect(kept.exif).toBeUndefined();
      expect(kept.orientation).toBeUndefined();
      expect(trip?.content.includes('EXIF-MARKER')).toBe(false);
      expect((await row('spinner.gif'))?.content.equals(gif)).toBe(true);
      expect(log.infos).toEqual([`Upload import from ${dir}: 2 imported, 0 already stored, 0 skipped`]);
      // The files are left where they were (they can be deleted once the import is checked).
      expect(readdirSync(dir).sort()).toEqual(['spinner.gif', 'trip.jpg']);
    });

    it('skips and logs, by name, files that are no image or do not decode, and variants; never fails', async () => {
      const dir = folder('blog-import-');
      const photo = await noise(300, 200).jpeg().toBuffer();
      writeFileSync(join(dir, 'good.jpg'), photo);
      writeFileSync(join(dir, 'damaged.jpg'), photo.subarray(0, Math.floor(photo.length * 0.6)));
      writeFileSync(join(dir, 'notes.txt'), 'not an image');
      writeFileSync(join(dir, 'odd name.jpg'), photo);
      writeFileSync(join(dir, 'good-480.webp'), await noise(48, 32).webp().toBuffer());
      writeFileSync(join(dir, '.hidden.tmp'), 'left by a crash');
      const log = logCollector();

      expect(await importUploadDir(store, dir, log)).toEqual({ imported: 1, present: 0, skipped: 3 });

      expect((await rows()).map((stored) => stored.name)).toEqual(['good.jpg']);
      expect(log.warnings).toHaveLength(3);
      for (const name of ['damaged.jpg', 'notes.txt', 'odd name.jpg']) {
        expect(log.warnings.some((warning) => warning.includes(`skipped ${name} `))).toBe(true);
      }
      expect(log.infos).toEqual([`Upload import from ${dir}: 1 imported, 0 already stored, 3 skipped`]);
    });

    it('imports nothing new when run again, keeps what is stored, and does nothing without the folder', async () => {
      const dir = folder('blog-import-');
      writeFileSync(join(dir, 'a.png'), await noise(20, 10).png().toBuffer());
      expect(await importUploadDir(store, dir, logCollector())).toMatchObject({ imported: 1 });
      const before = await rows();
      writeFileSync(join(dir, 'a.png'), await noise(30, 10).png().toBuffer());
      expect(await importUploadDir(store, dir, logCollector())).toEqual({ imported: 0, present: 1, skipped: 0 });
      expect(await rows()).toEqual(before);
      const log = logCollector();
      expect(await importUploadDir(store, join(dir, 'missing'), log)).toEqual({ imported: 0, present: 0, skipped: 0 });
      expect(log.infos).toEqual([]);
    });

    it('imports each file once when two instances start together', async () => {
      const dir = folder('blog-import-');
      for (let i = 0; i < 4; i++) writeFileSync(join(dir, `photo-${i}.jpg`), await noise(64, 48).jpeg().toBuffer());
      const other = await openDataSource(database.url);
      try {
        const reports = await Promise.all([
          importUploadDir(store, dir, logCollector()),
          importUploadDir(new UploadStore(other), dir, logCollector()),
        ]);
        expect(reports.map((report) => report.imported).sort()).toEqual([0, 4]);
        expect(reports.map((report) => report.skipped)).toEqual([0, 0]);
      } finally {
        await other.destroy();
      }
      expect((await rows()).map((stored) => stored.name)).toEqual([
        'photo-0.jpg',
        'photo-1.jpg',
        'photo-2.jpg',
        'photo-3.jpg',
      ]);
    });
  });

  describe('UploadFiles: the disk cache', () => {
    const storeImage = async (name: string, width = 800, height = 500) => {
      const bytes = await noise(width, height).png().toBuffer();
      await store.insertIfAbsent({ name, bytes, contentType: 'image/png', width, height });
      return bytes;
    };

    it('fills the cache from PostgreSQL on a miss, then serves from disk (the row is not read again)', async () => {
      const cacheDir = folder('blog-cache-');
      const files = new UploadFiles(store, cacheDir);
      const bytes = await storeImage('cached.png');
      expect(existsSync(join(cacheDir, 'cached.png'))).toBe(false);
      const file = await files.get('cached.png');
      expect(file).toEqual({ path: join(cacheDir, 'cached.png'), contentType: 'image/png' });
      expect(readFileSync(join(cacheDir, 'cached.png')).equals(bytes)).toBe(true);
      await database.dataSource.query(`DELETE FROM uploads WHERE name = 'cached.png'`);
      expect(await files.get('cached.png')).toEqual(file);
      // Another instance (its own cache) has nothing to fill from any more.
      expect(await new UploadFiles(store, folder('blog-cache-')).get('cached.png')).toBeNull();
      // Nothing half-written is left beside it.
      expect(readdirSync(cacheDir)).toEqual(['cached.png']);
    });

    it('shares one database read between concurrent misses of one name', async () => {
      const files = new UploadFiles(store, folder('blog-cache-'));
      await storeImage('popular.png');
      const reads = jest.spyOn(store, 'readUpload');
      try {
        const answers = await Promise.all(Array.from({ length: 5 }, () => files.get('popular.png')));
        expect(new Set(answers.map((answer) => answer?.path)).size).toBe(1);
        expect(reads).toHaveBeenCalledTimes(1);
      } finally {
        reads.mockRestore();
      }
    });

    it('stores a lazily made variant once when two instances make it at the same time, and both serve the stored one', async () => {
      await storeImage('older.png', 800, 500);
      const instances = [
        new UploadFiles(store, folder('blog-cache-')),
        new UploadFiles(new UploadStore(database.dataSource), folder('blog-cache-')),
      ];
      const files = await Promise.all(instances.map((instance) => instance.get('older-480.webp')));
      const variants = (await database.dataSource.query(
        `SELECT v.content FROM upload_variants v JOIN uploads u ON u.id = v.upload_id WHERE u.name = 'older.png' AND v.width = 480 AND v.format = 'webp'`,
      )) as Array<{ content: Buffer }>;
      expect(variants).toHaveLength(1);
      for (const file of files) {
        expect(file?.contentType).toBe('image/webp');
        expect(readFileSync(file?.path as string).equals(variants[0].content)).toBe(true);
      }
      expect(await sharp(variants[0].content).metadata()).toMatchObject({ format: 'webp', width: 480, height: 300 });
    });

    it('knows the content type of a file cached by an earlier run of the instance', async () => {
      const cacheDir = folder('blog-cache-');
      await storeImage('earlier.png');
      await new UploadFiles(store, cacheDir).get('earlier.png');
      expect(await new UploadFiles(store, cacheDir).get('earlier.png')).toEqual({
        path: join(cacheDir, 'earlier.png'),
        contentType: 'image/png',
      });
    });

    it('answers null, reading nothing, for a name that is not an upload name; null for an unknown one', async () => {
      const cacheDir = folder('blog-cache-');
      const files = new UploadFiles(store, cacheDir);
      const reads = jest.spyOn(store, 'readUpload');
      try {
        for (const name of ['../etc/passwd', '..', '.hidden', 'a/b.png', 'a\\b.png', '', 'x'.repeat(201), 'a..png']) {
          expect(await files.get(name)).toBeNull();
        }
        expect(reads).not.toHaveBeenCalled();
      } finally {
        reads.mockRestore();
      }
      expect(await files.get('unknown.png')).toBeNull();
      expect(readdirSync(cacheDir)).toEqual([]);
    });
  });
});
