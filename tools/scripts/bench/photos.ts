/**
 * The photo figures of `npm run bench`: a 48-megapixel JPEG (8000×6000, as a current
 * phone camera writes it) and, when libheif's `heif-enc` is installed (Debian `libheif-examples`),
 * the same photo as HEIC, each uploaded through `POST /api/upload` as the admin does; timed from the
 * request to the answer (upload, decode, downscale to 2560 px, variants, storing), with the server's
 * peak resident memory sampled every 100 ms meanwhile.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { sampleRss, signIn } from './portability';

interface PhotoServer {
  pid: number;
  origin: string;
}

interface PhotoFigure {
  name: string;
  megabytes: number;
  seconds: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

/** A photo-like 8000×6000 JPEG: smooth colour with fine grain (noise alone would be 3× larger than a real photo). */
async function photo48(): Promise<Buffer> {
  return sharp({
    create: {
      width: 8000,
      height: 6000,
      channels: 3,
      background: { r: 90, g: 140, b: 200 },
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .blur(1.2)
    .jpeg({ quality: 92 })
    .toBuffer();
}

function heifEnc(): string | undefined {
  try {
    execFileSync('heif-enc', ['--version'], { stdio: 'ignore' });
    return 'heif-enc';
  } catch {
    return undefined;
  }
}

async function uploadOnce(server: PhotoServer, headers: Record<string, string>, bytes: Buffer, filename: string) {
  const rssBeforeMb = sampleRss(server.pid)();
  const peak = sampleRss(server.pid);
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(bytes)]), filename);
  const started = Date.now();
  const answer = await fetch(`${server.origin}/api/upload`, { method: 'POST', headers, body: form });
  const seconds = (Date.now() - started) / 1000;
  const peakRssMb = peak();
  if (answer.status !== 200) throw new Error(`Upload of ${filename} refused: ${answer.status} ${await answer.text()}`);
  return { seconds, rssBeforeMb, peakRssMb };
}

export async function measurePhotos(server: PhotoServer, workDir: string): Promise<PhotoFigure[]> {
  // Both files are made first: the uploads then follow one another on a connection that has not idled out.
  const photos = [{ name: '48 MP JPEG (8000×6000)', filename: 'IMG_0001.jpg', bytes: await photo48() }];
  const encoder = heifEnc();
  if (encoder) {
    const source = join(workDir, 'photo-48mp.jpg');
    const heic = join(workDir, 'photo-48mp.heic');
    await sharp(photos[0].bytes).toFile(source);
    execFileSync(encoder, ['-q', '50', '-o', heic, source], { stdio: 'ignore' });
    photos.push({ name: '48 MP HEIC (8000×6000)', filename: 'IMG_0002.HEIC', bytes: readFileSync(heic) });
  } else {
    console.log('Photos: heif-enc not installed (Debian libheif-examples): no HEIC figure.');
  }
  const headers = await signIn(server.origin);
  const figures: PhotoFigure[] = [];
  for (const photo of photos) {
    figures.push({
      name: photo.name,
      megabytes: photo.bytes.length / 1024 / 1024,
      ...(await uploadOnce(server, headers, photo.bytes, photo.filename)),
    });
  }
  return figures;
}

export function printPhotos(figures: PhotoFigure[]): void {
  console.log('\nPhotos (POST /api/upload, stored at 2560 px on the long edge with its variants)');
  console.log('| photo | file | time | server RSS before | server peak RSS |');
  console.log('|---|---:|---:|---:|---:|');
  for (const figure of figures) {
    console.log(
      `| ${figure.name} | ${figure.megabytes.toFixed(1)} MB | ${figure.seconds.toFixed(1)} s | ${Math.round(figure.rssBeforeMb)} MB | ${Math.round(figure.peakRssMb)} MB |`,
    );
  }
}
