import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UPLOAD_AUDIO_MAX_BYTES } from '@blog/contracts';
import { DEMO_ASSETS_DIR, expectAdminOnly, useTestApp, type TestAgent as Agent } from '@blog/api/testing';
import { audioExtensionOf } from '@blog/api/upload-storage';
import { UploadsModule } from './uploads.module';
import { UploadsRouter } from './uploads.router';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
const AUDIO_NAME = new RegExp(`^${UUID}\\.(mp3|m4a|ogg|wav)$`);

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));
/** Real, playable: 20 silent MPEG-1 Layer III frames after an ID3v2 tag (see fixtures/README.md). */
const MP3 = fixture('silence.mp3');
/** Real, playable: one second of Opus silence in Ogg. */
const OGG = fixture('silence.opus.ogg');
/** The boxes of an M4A the check reads (ftyp, moov > trak > mdia > hdlr "soun"). */
const M4A = fixture('header-only.m4a');
const PNG = readFileSync(join(DEMO_ASSETS_DIR, 'favicon.png'));

/** A real PCM WAV: 16-bit mono at 8 kHz, `samples` of silence. */
function wav(samples = 800): Buffer {
  const data = samples * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28); // bytes a second
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}

const box = (type: string, payload: Buffer) => {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + payload.length);
  return Buffer.concat([size, Buffer.from(type), payload]);
};
const handler = (type: string) => box('hdlr', Buffer.concat([Buffer.alloc(8), Buffer.from(type), Buffer.alloc(13)]));
/** An MP4 film (a video and a sound track) renamed .m4a. */
const MP4_VIDEO = Buffer.concat([
  box('ftyp', Buffer.from('isom\0\0\0\0isommp42')),
  box('moov', Buffer.concat([box('trak', box('mdia', handler('vide'))), box('trak', box('mdia', handler('soun')))])),
]);
/** An Ogg Theora video's first page, renamed .ogg. */
const OGG_THEORA = Buffer.concat([
  Buffer.from('OggS\0\x02'),
  Buffer.alloc(20),
  Buffer.from([1, 42]),
  Buffer.from('\x80theora'),
  Buffer.alloc(35),
]);
/** AAC in ADTS (its sync word looks like MPEG audio's, its layer bits do not). */
const ADTS = Buffer.concat([Buffer.from([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]), Buffer.alloc(64)]);
const TEXT = Buffer.from('ID3 is not enough: this is text');

describe('audio clips (POST /api/upload/audio, tRPC uploads.audio)', () => {
  const t = useTestApp([UploadsModule], {
    trpc: (nest) => ({ uploads: nest.get(UploadsRouter).router }),
    signIn: true,
  });

  const upload = (agent: Agent, bytes: Buffer, filename = 'clip.mp3', contentType = 'audio/mpeg') =>
    agent.post('/api/upload/audio').attach('audio', bytes, { filename, contentType });
  const trpcUpload = (agent: Agent, bytes: Buffer, filename = 'clip.mp3', contentType = 'audio/mpeg') =>
    agent.post('/trpc/uploads.audio').attach('audio', bytes, { filename, contentType });
  const rows = async () =>
    (await t.database.dataSource.query(
      `SELECT name, content, content_type, width, height, original_width, original_height, byte_size FROM uploads ORDER BY id`,
    )) as Array<{ name: string; content: Buffer; content_type: string; width: number | null; byte_size: number }>;
  const names = async () => (await rows()).map((row) => row.name);

  describe('access: anonymous → 401, signed-in non-admin → 403, admin → 200', () => {
    it.each([
      ['POST /api/upload/audio', upload],
      ['tRPC uploads.audio', trpcUpload],
    ])('%s', async (door, send) => {
      const before = await names();
      await expectAdminOnly(door, (agent) => send(agent, MP3), t);
      expect(await names()).toEqual(before);
      await send(t.admin, MP3).expect(200);
      expect(await names()).toHaveLength(before.length + 1);
    });
  });

  describe('POST /api/upload/audio', () => {
    it.each([
      ['an MP3 with an ID3 tag', MP3, 'mp3', 'audio/mpeg'],
      ['an MP3 without a tag', MP3.subarray(MP3.indexOf(Buffer.from([0xff, 0xfb]))), 'mp3', 'audio/mpeg'],
      ['an Ogg Opus', OGG, 'ogg', 'audio/ogg'],
      ['an M4A', M4A, 'm4a', 'audio/mp4'],
      ['a WAV', wav(), 'wav', 'audio/wav'],
    ])(
      'stores %s by its bytes, as sent, with no pixel size, and answers its generated name as plain text',
      async (_case, bytes, extension, contentType) => {
        // Named and declared as something else: the bytes decide.
        const res = await upload(t.admin, bytes, 'lesson.bin', 'application/octet-stream').expect(200);
        expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(res.text).toMatch(AUDIO_NAME);
        expect(res.text.endsWith(`.${extension}`)).toBe(true);
        const row = (await rows()).find((stored) => stored.name === res.text);
        expect(row).toMatchObject({
          content_type: contentType,
          width: null,
          height: null,
          original_width: null,
          original_height: null,
          byte_size: bytes.length,
        });
        expect(row?.content.equals(bytes)).toBe(true);
      },
    );

    it.each([
      ['a PNG renamed .mp3', PNG, 'clip.mp3', 'audio/mpeg'],
      ['an MP4 film renamed .m4a', MP4_VIDEO, 'clip.m4a', 'audio/mp4'],
      ['an Ogg Theora video renamed .ogg', OGG_THEORA, 'clip.ogg', 'audio/ogg'],
      ['AAC in ADTS (not one of the four)', ADTS, 'clip.aac', 'audio/aac'],
      ['a text file named .wav', TEXT, 'clip.wav', 'audio/wav'],
      ['a RIFF that is no WAVE (a WebP)', Buffer.from('RIFF\x24\0\0\0WEBPVP8 '), 'clip.wav', 'audio/wav'],
    ])('refuses %s with 415 naming audio and why, storing nothing', async (_case, bytes, filename, contentType) => {
      const before = await names();
      const res = await upload(t.admin, bytes, filename, contentType).expect(415);
      expect(res.body).toEqual({
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: 'Only MP3, M4A, OGG or WAV audio files are accepted',
        errors: [{ field: 'audio', message: 'must be an MP3, M4A, OGG or WAV audio file' }],
      });
      expect(await names()).toEqual(before);
    });

    it('refuses an image sent to the audio door, and an audio clip sent to the image door (415)', async () => {
      await upload(t.admin, PNG, 'a.png', 'image/png').expect(415);
      const res = await t.admin
        .post('/api/upload')
        .attach('image', MP3, { filename: 'a.mp3', contentType: 'audio/mpeg' })
        .expect(415);
      expect(res.body.errors).toEqual([{ field: 'image', message: expect.any(String) }]);
    });

    it('accepts exactly 20 MB and refuses 20 MB + 1 byte with 413 naming audio and the limit', async () => {
      const padded = (size: number) => Buffer.concat([wav(), Buffer.alloc(size - wav().length)]);
      const atLimit = await upload(t.admin, padded(UPLOAD_AUDIO_MAX_BYTES), 'big.wav', 'audio/wav').expect(200);
      expect(atLimit.text.endsWith('.wav')).toBe(true);
      const before = await names();
      const res = await upload(t.admin, padded(UPLOAD_AUDIO_MAX_BYTES + 1), 'big.wav', 'audio/wav').expect(413);
      expect(res.body).toEqual({
        statusCode: 413,
        error: 'Payload Too Large',
        message: 'The audio file must be at most 20 MB',
        errors: [{ field: 'audio', message: 'must be at most 20 MB' }],
      });
      expect(await names()).toEqual(before);
    });

    it('answers 400 naming audio without a file, with a file in another field, or with two files', async () => {
      const before = await names();
      for (const pending of [
        t.admin.post('/api/upload/audio').field('note', 'no file'),
        t.admin.post('/api/upload/audio').attach('image', MP3, 'x.mp3'),
        t.admin.post('/api/upload/audio').attach('audio', MP3, 'a.mp3').attach('audio', MP3, 'b.mp3'),
        upload(t.admin, Buffer.alloc(0)),
      ]) {
        const res = await pending.expect(400);
        expect(res.body).toMatchObject({ statusCode: 400, errors: [{ field: 'audio', message: expect.any(String) }] });
      }
      expect(await names()).toEqual(before);
    });
  });

  describe('tRPC uploads.audio (FormData)', () => {
    it('stores a clip and answers its name', async () => {
      const res = await trpcUpload(t.admin, OGG, 'x.mp3').expect(200);
      expect(res.body.result.data).toMatch(AUDIO_NAME);
      expect((res.body.result.data as string).endsWith('.ogg')).toBe(true);
    });

    it('refuses a renamed image with 415 and 20 MB + 1 byte with 413, naming audio', async () => {
      const before = await names();
      const refused = await trpcUpload(t.admin, PNG).expect(415);
      expect(refused.body.error.data).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        fieldErrors: [{ field: 'audio', message: 'must be an MP3, M4A, OGG or WAV audio file' }],
      });
      const big = await trpcUpload(t.admin, Buffer.concat([wav(), Buffer.alloc(UPLOAD_AUDIO_MAX_BYTES)])).expect(413);
      expect(big.body.error.data).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        fieldErrors: [{ field: 'audio', message: 'must be at most 20 MB' }],
      });
      expect(await names()).toEqual(before);
    });

    it('answers 400 without an audio entry', async () => {
      const res = await t.admin.post('/trpc/uploads.audio').field('note', 'x').expect(400);
      expect(res.body.error.data.fieldErrors).toEqual([{ field: 'audio', message: expect.any(String) }]);
    });
  });

  describe('the database keeps audio and images apart', () => {
    it('refuses an image row without a pixel size and an audio row with one', async () => {
      const insert = (contentType: string, size: number | null) =>
        t.database.dataSource.query(
          `INSERT INTO uploads (name, content, content_type, width, height, original_width, original_height, byte_size)
           VALUES ($1, '\\x00', $2, $3, $3, $3, $3, 1)`,
          [`check-${contentType.replace('/', '-')}-${size}`, contentType, size],
        );
      await expect(insert('image/png', null)).rejects.toThrow(/uploads_size_by_kind/);
      await expect(insert('audio/mpeg', 10)).rejects.toThrow(/uploads_size_by_kind/);
    });
  });

  describe('audioExtensionOf', () => {
    it('recognises the four by their bytes, and a truncated or empty file as none', () => {
      expect([MP3, OGG, M4A, wav()].map((bytes) => audioExtensionOf(bytes))).toEqual(['mp3', 'ogg', 'm4a', 'wav']);
      expect(audioExtensionOf(Buffer.alloc(0))).toBeUndefined();
      expect(audioExtensionOf(MP3.subarray(0, 20))).toBeUndefined();
      expect(audioExtensionOf(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeUndefined();
      expect(audioExtensionOf(fixture('photo-300x200.heic'))).toBeUndefined();
    });
  });
});
