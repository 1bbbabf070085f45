import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DEMO_ASSETS_DIR, useTestApp } from '@blog/api/testing';
import { UploadsModule, UploadsService } from '@blog/api/uploads';
import type { ImportItemKind, ImportItems } from './import-items';
import { SourceImages } from './source-images';

const MP3 = readFileSync(join(__dirname, '../../../../uploads/src/lib/fixtures/silence.mp3'));
const PNG = readFileSync(join(DEMO_ASSETS_DIR, 'favicon.png'));

/** What each source item became, in memory (the runner keeps it in `import_items`). */
function memoryItems() {
  const kept = new Map<string, { kind: ImportItemKind; target: string }>();
  const items = {
    find: async (key: string) => (kept.has(key) ? { target: kept.get(key)?.target ?? '', importId: 1 } : null),
    remember: async (key: string, kind: ImportItemKind, target: string | number) => {
      kept.set(key, { kind, target: String(target) });
    },
  };
  return { kept, items: items as unknown as ImportItems };
}

describe("an import's audio clips (SourceImages with kind audio)", () => {
  const t = useTestApp([UploadsModule]);
  let server: Server;
  let host: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const answers: Record<string, [string, Buffer]> = {
        '/lesson.mp3': ['audio/mpeg', MP3],
        '/octet.mp3': ['application/octet-stream', MP3],
        '/page.mp3': ['text/html', Buffer.from('<p>not found</p>')],
        '/photo.mp3': ['audio/mpeg', PNG],
      };
      const [type, body] = answers[req.url ?? ''] ?? ['text/plain', Buffer.from('?')];
      res.writeHead(200, { 'content-type': type }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const images = (items: ImportItems) =>
    new SourceImages({
      paths: { originalUrl: (url) => url, zipPath: () => null, fetchUrl: (url) => url },
      zip: null,
      uploads: t.app.get(UploadsService),
      items,
      allowedHosts: [host],
      dryRun: false,
    });

  it('fetches a clip (served as audio or as bytes), stores it as sent, and remembers it as audio', async () => {
    const { kept, items } = memoryItems();
    const source = images(items);
    const lesson = await source.bring(`http://${host}/lesson.mp3`, 'audio');
    expect(lesson).toEqual({ name: expect.stringMatching(/^[0-9a-f-]{36}\.mp3$/), created: true });
    const name = 'name' in lesson ? lesson.name : '';
    const [row] = await t.database.dataSource.query('SELECT content, content_type FROM uploads WHERE name = $1', [
      name,
    ]);
    expect(row.content_type).toBe('audio/mpeg');
    expect((row.content as Buffer).equals(MP3)).toBe(true);
    expect(kept.get(`audio:http://${host}/lesson.mp3`)).toEqual({ kind: 'audio', target: name });
    expect(await source.bring(`http://${host}/octet.mp3`, 'audio')).toMatchObject({ created: true });
  });

  it('reports a page or an image where a clip was, storing nothing', async () => {
    const source = images(memoryItems().items);
    expect(await source.bring(`http://${host}/page.mp3`, 'audio')).toEqual({
      missing: expect.stringMatching(/text\/html, not audio/),
    });
    expect(await source.bring(`http://${host}/photo.mp3`, 'audio')).toEqual({
      missing: 'Only MP3, M4A, OGG or WAV audio files are accepted',
    });
  });
});
