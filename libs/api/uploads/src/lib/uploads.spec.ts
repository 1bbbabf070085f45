import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from '@blog/contracts';
import { DEMO_ASSETS_DIR, expectAdminOnly, useTestApp, type TestAgent as Agent } from '@blog/api/testing';
import { imageFromFile, UploadFiles, UploadStore, type CachedFile } from '@blog/api/upload-storage';
import { imageExtensionOf } from './uploads.service';
import { UploadsModule } from './uploads.module';
import { UploadsRouter } from './uploads.router';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
const GENERATED_NAME = new RegExp(`^${UUID}\\.(png|jpg|gif|webp|avif)$`);
const VARIANT_NAME = new RegExp(`^${UUID}-\\d+\\.(avif|webp)$`);
/** A variant's name (`{name without extension}-{width}.{format}`) from its row `v` and its upload's `u`. */
const VARIANT_NAME_SQL = `regexp_replace(u.name, '\\.[^.]+$', '') || '-' || v.width || '.' || v.format`;

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');
const PNG = readFileSync(join(DEMO_ASSETS_DIR, 'favicon.png'));
const JPEG = readFileSync(join(DEMO_ASSETS_DIR, 'demo-rain-over-sai-gon.jpg'));
const GIF = hex('474946383961 0100 0100 800000 000000 ffffff 21f90401000000002c000000000100010000020244 01003b');
/** A WebP header around bytes that are no image: recognised by its signature, refused by the decoder. */
const BROKEN_WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  hex('24000000'),
  Buffer.from('WEBPVP8 '),
  hex('1800000030010009d012a0100010002003425a400037000fefb9400'),
]);
const ICO = hex('0000 0100 0100 1010 0000 0100 2000 6804 0000 1600 0000');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
const XML_SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
const HTML = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
const TEXT = Buffer.from('just some text, not an image');
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n');

/** A file of exactly `size` bytes: a real PNG, then zeros (decoders stop at its end chunk). */
const pngOfSize = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
/** A file of exactly `size` bytes that starts like a PNG and is nothing after. */
const pngHeaderOfSize = (size: number) => Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(size - 16)]);
const noise = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: 'black', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  });

describe('uploads (REST and tRPC)', () => {
  const t = useTestApp([UploadsModule], {
    trpc: (nest) => ({ uploads: nest.get(UploadsRouter).router }),
    signIn: true,
  });

  const upload = (agent: Agent, bytes: Buffer, filename = 'image.png', contentType = 'image/png') =>
    agent.post('/api/upload').attach('image', bytes, { filename, contentType });
  const trpcUpload = (agent: Agent, bytes: Buffer, filename = 'image.png', contentType = 'image/png') =>
    agent.post('/trpc/uploads.image').attach('image', bytes, { filename, contentType });
  /** The names `/uploads/` answers for: every stored original and variant (in PostgreSQL). */
  const stored = async () => {
    const rows = (await t.database.dataSource.query(
      `SELECT name FROM uploads UNION ALL SELECT ${VARIANT_NAME_SQL} FROM upload_variants v JOIN uploads u ON u.id = v.upload_id`,
    )) as Array<{ name: string }>;
    return rows.map((row) => row.name).sort();
  };
  const storedBytes = async (name: string) => {
    const [row] = (await t.database.dataSource.query(
      `SELECT content FROM uploads WHERE name = $1
       UNION ALL SELECT v.content FROM upload_variants v JOIN uploads u ON u.id = v.upload_id WHERE ${VARIANT_NAME_SQL} = $1`,
      [name],
    )) as Array<{ content: Buffer }>;
    if (!row) throw new Error(`${name} is not stored`);
    return row.content;
  };
  const storedMetadata = async (name: string) => sharp(await storedBytes(name), { animated: true }).metadata();

  describe('access: anonymous → 401, signed-in non-admin → 403, admin → 200', () => {
    it.each([
      ['POST /api/upload', upload],
      ['tRPC uploads.image', trpcUpload],
    ])('%s', async (door, send) => {
      const before = await stored();
      await expectAdminOnly(door, (agent) => send(agent, PNG), t);
      expect(await stored()).toEqual(before);
      await send(t.admin, PNG).expect(200);
      expect((await stored()).filter((name) => GENERATED_NAME.test(name))).toHaveLength(
        before.filter((name) => GENERATED_NAME.test(name)).length + 1,
      );
    });
  });

  describe('POST /api/upload', () => {
    it('stores an image under a generated name and answers that name as plain text', async () => {
      const res = await upload(t.admin, PNG, 'My Logo.png').expect(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.text).toMatch(GENERATED_NAME);
      expect(res.text.endsWith('.png')).toBe(true);
      expect(await storedMetadata(res.text)).toMatchObject({ format: 'png', width: 64, height: 64 });
    });

    it.each([
      ['a JPEG', JPEG, 'photo.jpeg', 'jpg'],
      ['a GIF', GIF, 'anim.gif', 'gif'],
      ['a PNG named .svg and declared SVG', PNG, 'drawing.svg', 'png'],
      ['a JPEG named .exe and declared as a program', JPEG, 'setup.exe', 'jpg'],
    ])(
      'accepts %s by its bytes, stored with the extension of its real type',
      async (_case, bytes, filename, extension) => {
        const res = await upload(t.admin, bytes, filename, 'application/octet-stream').expect(200);
        expect(res.text).toMatch(GENERATED_NAME);
        expect(res.text.endsWith(`.${extension}`)).toBe(true);
        const original = await sharp(bytes).metadata();
        expect(await storedMetadata(res.text)).toMatchObject({
          format: original.format,
          width: original.width,
          height: original.height,
        });
      },
    );

    it.each([
      ['an SVG named .png and declared PNG', SVG, 'logo.png', 'image/png'],
      ['an SVG with an XML declaration', XML_SVG, 'logo.svg', 'image/svg+xml'],
      ['an HTML page named .jpg', HTML, 'photo.jpg', 'image/jpeg'],
      ['a text file', TEXT, 'notes.txt', 'text/plain'],
      ['a PDF named .gif', PDF, 'doc.gif', 'image/gif'],
      ['an ICO (the decoder cannot read it: a favicon is uploaded as PNG)', ICO, 'favicon.ico', 'image/x-icon'],
    ])('refuses %s with 415 in the JSON error shape, storing nothing', async (_case, bytes, filename, contentType) => {
      const before = await stored();
      const res = await upload(t.admin, bytes, filename, contentType).expect(415);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: 'Only PNG, JPEG, GIF, WebP, AVIF or HEIC images are accepted',
        errors: [{ field: 'image', message: expect.any(String) }],
      });
      expect(await stored()).toEqual(before);
    });

    it('accepts exactly 50 MB and refuses 50 MB + 1 byte with 413 in the JSON error shape', async () => {
      const atLimit = await upload(t.admin, pngOfSize(UPLOAD_MAX_BYTES)).expect(200);
      // Stored re-encoded: the zeros after the image are not kept.
      expect((await storedBytes(atLimit.text)).length).toBeLessThan(PNG.length * 2);

      const before = await stored();
      const res = await upload(t.admin, pngHeaderOfSize(UPLOAD_MAX_BYTES + 1)).expect(413);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        statusCode: 413,
        error: 'Payload Too Large',
        message: 'The image must be at most 50 MB',
        errors: [{ field: 'image', message: expect.any(String) }],
      });
      expect(await stored()).toEqual(before);
    });

    it('never turns the name sent into a path: ../ stays outside, the image is stored under a generated name', async () => {
      const marker = `escape-${Date.now()}`;
      for (const filename of [
        `../../${marker}.png`,
        `..\\..\\${marker}.png`,
        `/tmp/${marker}.png`,
        `../${marker}.svg`,
      ]) {
        const res = await upload(t.admin, PNG, filename).expect(200);
        expect(res.text).toMatch(GENERATED_NAME);
        expect(res.text).not.toContain(marker);
        expect(await stored()).toContain(res.text);
      }
      for (const folder of [t.config.dataDir, t.config.uploadCacheDir, dirname(t.config.dataDir), tmpdir()]) {
        const files = existsSync(folder) ? readdirSync(folder) : [];
        expect(files.filter((name) => name.includes(marker))).toEqual([]);
      }
      expect((await stored()).every((name) => GENERATED_NAME.test(name) || VARIANT_NAME.test(name))).toBe(true);
    });

    it('answers 400 naming image without a file, with a file in another field, or with two files', async () => {
      const before = await stored();
      const cases = [
        t.admin.post('/api/upload').field('note', 'no file'),
        t.admin.post('/api/upload').send({ image: 'x.png' }),
        t.admin.post('/api/upload'),
        t.admin.post('/api/upload').attach('file', PNG, 'x.png'),
        t.admin.post('/api/upload').attach('image', PNG, 'a.png').attach('image', PNG, 'b.png'),
        upload(t.admin, Buffer.alloc(0)),
      ];
      for (const pending of cases) {
        const res = await pending.expect(400);
        expect(res.body).toMatchObject({
          statusCode: 400,
          error: 'Bad Request',
          errors: [{ field: 'image', message: expect.any(String) }],
        });
      }
      expect(await stored()).toEqual(before);
    });
  });

  describe('tRPC uploads.image (FormData)', () => {
    it('stores an image under a generated name and answers that name', async () => {
      const res = await trpcUpload(t.admin, PNG, 'drawing.svg', 'image/svg+xml').expect(200);
      const name = res.body.result.data as string;
      expect(name).toMatch(GENERATED_NAME);
      expect(name.endsWith('.png')).toBe(true);
      expect(await storedMetadata(name)).toMatchObject({ format: 'png', width: 64, height: 64 });
    });

    it('refuses an SVG named .png with 415 and a text file with 415', async () => {
      const before = await stored();
      for (const [bytes, filename] of [
        [SVG, 'logo.png'],
        [TEXT, 'a.txt'],
      ] as const) {
        const res = await trpcUpload(t.admin, bytes, filename).expect(415);
        expect(res.body.error.data).toMatchObject({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          httpStatus: 415,
          fieldErrors: [{ field: 'image', message: expect.any(String) }],
        });
      }
      expect(await stored()).toEqual(before);
    });

    it('refuses 50 MB + 1 byte with 413 naming image', async () => {
      const before = await stored();
      const res = await trpcUpload(t.admin, pngOfSize(UPLOAD_MAX_BYTES + 1)).expect(413);
      expect(res.body.error.data).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        httpStatus: 413,
        fieldErrors: [{ field: 'image', message: 'must be at most 50 MB' }],
      });
      expect(await stored()).toEqual(before);
    });

    it('answers 400 without an image entry, or without FormData', async () => {
      const missing = await t.admin.post('/trpc/uploads.image').field('note', 'x').expect(400);
      expect(missing.body.error.data.fieldErrors).toEqual([{ field: 'image', message: expect.any(String) }]);
      const json = await t.admin.post('/trpc/uploads.image').send({ image: 'x.png' }).expect(400);
      expect(json.body.error.data.code).toBe('BAD_REQUEST');
    });
  });

  describe('the image pipeline: every upload is decoded and encoded again', () => {
    /** A PNG of a few bytes whose header announces `width` × `height` pixels (no pixel data follows). */
    const pngHeaderAnnouncing = (width: number, height: number) => {
      const bytes = Buffer.from(PNG);
      bytes.writeUInt32BE(width, 16);
      bytes.writeUInt32BE(height, 20);
      return bytes;
    };
    /** The EXIF pointer to the GPS directory (tag 0x8825), in either byte order. */
    const hasGpsPointer = (exif: Buffer) =>
      exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

    const expectRefused = async (bytes: Buffer, status: number, message: RegExp) => {
      const before = await stored();
      const res = await upload(t.admin, bytes).expect(status);
      expect(res.body).toMatchObject({
        statusCode: status,
        errors: [{ field: 'image', message: expect.stringMatching(message) }],
      });
      expect(await stored()).toEqual(before);
    };

    it('strips EXIF (GPS included) and XMP from a photo', async () => {
      const photo = await noise(320, 200)
        .jpeg()
        .withExif({ IFD0: { Artist: 'EXIF-MARKER' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 46/1 0/1' } })
        .withXmp(
          '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">XMP-MARKER</rdf:RDF></x:xmpmeta>',
        )
        .toBuffer();
      const sent = await sharp(photo).metadata();
      expect(sent.exif && hasGpsPointer(sent.exif)).toBe(true);
      expect(sent.xmp).toBeDefined();

      const res = await upload(t.admin, photo, 'trip.jpg', 'image/jpeg').expect(200);
      const kept = await storedMetadata(res.text);
      expect(kept).toMatchObject({ format: 'jpeg', width: 320, height: 200 });
      expect(kept.exif).toBeUndefined();
      expect(kept.xmp).toBeUndefined();
      for (const marker of ['EXIF-MARKER', 'XMP-MARKER', 'Exif'])
        expect((await storedBytes(res.text)).includes(marker)).toBe(false);
    });

    it('applies the EXIF orientation: an orientation-6 photo is stored upright, width and height swapped', async () => {
      const sideways = await noise(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
      expect(await sharp(sideways).metadata()).toMatchObject({ width: 400, height: 200, orientation: 6 });
      const res = await upload(t.admin, sideways, 'phone.jpg', 'image/jpeg').expect(200);
      const kept = await storedMetadata(res.text);
      expect(kept).toMatchObject({ width: 200, height: 400 });
      expect(kept.orientation).toBeUndefined();
    });

    it('refuses more than 120 megapixels from the header with 413, before decoding (a 50000×50000 PNG of a few bytes)', async () => {
      const rssBefore = process.memoryUsage().rss;
      await expectRefused(pngHeaderAnnouncing(50_000, 50_000), 413, /120 megapixels/);
      // 50000² pixels would take gigabytes: nothing of the kind was allocated.
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(500 * 1024 * 1024);
      // The limit is exact: one row more than 120 MP is refused, 120 MP itself passes the check
      // (and this header without pixels is then refused as not decodable).
      expect(UPLOAD_MAX_PIXELS).toBe(8000 * 15_000);
      await expectRefused(pngHeaderAnnouncing(8000, 15_001), 413, /120 megapixels/);
      await expectRefused(pngHeaderAnnouncing(8000, 15_000), 400, /could not be decoded/);
    });

    it('re-encodes a GIF89a polyglot: the script in a comment and after the end is not stored', async () => {
      const script = '<script>alert(document.cookie)</script>';
      const comment = Buffer.concat([
        Buffer.from([0x21, 0xfe, script.length]),
        Buffer.from(script),
        Buffer.from([0x00]),
      ]);
      const polyglot = Buffer.concat([
        GIF.subarray(0, GIF.length - 1),
        comment,
        Buffer.from([0x3b]),
        Buffer.from(script),
      ]);
      expect(polyglot.subarray(0, 6).toString()).toBe('GIF89a');
      const res = await upload(t.admin, polyglot, 'x.gif', 'image/gif').expect(200);
      expect(res.text.endsWith('.gif')).toBe(true);
      expect((await storedBytes(res.text)).includes('<script')).toBe(false);
      expect(await storedMetadata(res.text)).toMatchObject({ format: 'gif', width: 1, height: 1 });
    });

    it('refuses a truncated or damaged file with 400 naming image, never a 5xx', async () => {
      const photo = await noise(300, 200).jpeg().toBuffer();
      await expectRefused(photo.subarray(0, Math.floor(photo.length * 0.7)), 400, /could not be decoded/);
      await expectRefused(PNG.subarray(0, 100), 400, /could not be decoded/);
      await expectRefused(BROKEN_WEBP, 400, /could not be decoded/);
      const trpc = await trpcUpload(t.admin, photo.subarray(0, 200)).expect(400);
      expect(trpc.body.error.data.fieldErrors).toEqual([
        { field: 'image', message: expect.stringMatching(/could not be decoded/) },
      ]);
    });

    it('keeps the format family: WebP, AVIF and PNG stay themselves; an animated GIF keeps its frames', async () => {
      const frame = (colour: string) =>
        sharp({ create: { width: 12, height: 8, channels: 4, background: colour } })
          .png()
          .toBuffer();
      const animation = await sharp([await frame('red'), await frame('blue')], { join: { animated: true } })
        .gif()
        .toBuffer();
      const cases: [Buffer, string, Record<string, unknown>][] = [
        [await noise(30, 20).webp().toBuffer(), 'webp', { format: 'webp', width: 30, height: 20 }],
        [await noise(30, 20).avif().toBuffer(), 'avif', { format: 'heif', compression: 'av1', width: 30, height: 20 }],
        [await noise(30, 20).png().toBuffer(), 'png', { format: 'png', width: 30, height: 20 }],
        [animation, 'gif', { format: 'gif', width: 12, pageHeight: 8, pages: 2 }],
      ];
      for (const [bytes, extension, expected] of cases) {
        const res = await upload(t.admin, bytes, 'image.bin', 'application/octet-stream').expect(200);
        expect(res.text.endsWith(`.${extension}`)).toBe(true);
        expect(await storedMetadata(res.text)).toMatchObject(expected);
      }
    });
  });

  describe('responsive variants (AVIF and WebP at UPLOAD_VARIANT_WIDTHS, never upscaled)', () => {
    const variantsOf = async (name: string) =>
      (await stored()).filter((file) => file.startsWith(`${name.replace(/\.\w+$/, '')}-`)).sort();

    it('writes AVIF and WebP at 480, 960 and 1600 pixels for a wide photo, named from the original', async () => {
      const res = await upload(t.admin, await noise(2000, 1000).jpeg().toBuffer(), 'wide.jpg', 'image/jpeg').expect(
        200,
      );
      const base = res.text.replace(/\.jpg$/, '');
      expect(await variantsOf(res.text)).toEqual(
        [480, 960, 1600].flatMap((width) => [`${base}-${width}.avif`, `${base}-${width}.webp`]).sort(),
      );
      const [row] = (await t.database.dataSource.query(
        `SELECT content_type, width, height, byte_size, length(content) AS length FROM uploads WHERE name = $1`,
        [res.text],
      )) as Array<Record<string, unknown>>;
      expect(row).toEqual({
        content_type: 'image/jpeg',
        width: 2000,
        height: 1000,
        byte_size: row['length'],
        length: expect.any(Number),
      });
      const variantRows = (await t.database.dataSource.query(
        `SELECT v.width, v.format, v.content_type, v.height, v.byte_size = length(v.content) AS sized
         FROM upload_variants v JOIN uploads u ON u.id = v.upload_id WHERE u.name = $1 ORDER BY v.width, v.format`,
        [res.text],
      )) as unknown[];
      expect(variantRows).toEqual(
        [480, 960, 1600].flatMap((width) =>
          (['avif', 'webp'] as const).map((format) => ({
            width,
            format,
            content_type: `image/${format}`,
            height: width / 2,
            sized: true,
          })),
        ),
      );
      for (const width of [480, 960, 1600]) {
        expect(await storedMetadata(`${base}-${width}.webp`)).toMatchObject({
          format: 'webp',
          width,
          height: width / 2,
        });
        expect(await storedMetadata(`${base}-${width}.avif`)).toMatchObject({
          format: 'heif',
          compression: 'av1',
          width,
          height: width / 2,
        });
      }
    });

    it('an image narrower than 1600 gets the narrower widths and its own; a GIF gets none', async () => {
      const narrow = await upload(t.admin, await noise(800, 400).png().toBuffer()).expect(200);
      const base = narrow.text.replace(/\.png$/, '');
      expect(await variantsOf(narrow.text)).toEqual([
        `${base}-480.avif`,
        `${base}-480.webp`,
        `${base}-800.avif`,
        `${base}-800.webp`,
      ]);
      expect(await storedMetadata(`${base}-800.webp`)).toMatchObject({ width: 800, height: 400 });
      const gif = await upload(t.admin, GIF, 'a.gif', 'image/gif').expect(200);
      expect(await variantsOf(gif.text)).toEqual([]);
    });

    it('makes a missing variant of an older upload when asked for it, stores it, and nothing else', async () => {
      const files = t.app.get(UploadFiles);
      const older = await imageFromFile(
        'older-photo.jpg',
        readFileSync(join(DEMO_ASSETS_DIR, 'demo-rain-over-sai-gon.jpg')),
      );
      await t.app.get(UploadStore).insertIfAbsent(older);
      expect(older.width).toBe(800);
      expect(await variantsOf('older-photo.jpg')).toEqual([]);
      const [first, second] = await Promise.all([files.get('older-photo-480.avif'), files.get('older-photo-480.avif')]);
      expect(first).toEqual(second);
      expect(first).toMatchObject({ contentType: 'image/avif' });
      expect(await storedMetadata('older-photo-480.avif')).toMatchObject({ format: 'heif', width: 480 });
      expect(readFileSync((first as CachedFile).path).equals(await storedBytes('older-photo-480.avif'))).toBe(true);
      const before = await stored();
      for (const name of [
        'older-photo-1600.webp',
        'older-photo-481.webp',
        'missing-480.webp',
        '../older-photo-480.webp',
        'older-photo-480.png',
      ]) {
        expect(await files.get(name)).toBeNull();
      }
      expect(await stored()).toEqual(before);
      await files.get('older-photo-800.webp');
      expect(await storedMetadata('older-photo-800.webp')).toMatchObject({ format: 'webp', width: 800, height: 500 });
    });
  });

  describe('imageExtensionOf', () => {
    it('recognises the accepted types by their first bytes only', () => {
      expect(imageExtensionOf(PNG)).toBe('png');
      expect(imageExtensionOf(JPEG)).toBe('jpg');
      expect(imageExtensionOf(GIF)).toBe('gif');
      expect(imageExtensionOf(BROKEN_WEBP)).toBe('webp');
      for (const bytes of [SVG, XML_SVG, HTML, TEXT, PDF, ICO, Buffer.alloc(0), Buffer.from([0x89, 0x50])]) {
        expect(imageExtensionOf(bytes)).toBeUndefined();
      }
    });
  });
});
