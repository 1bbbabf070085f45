/**
 * The photo figures of `npm run bench` (issue 23): a 48-megapixel JPEG (8000×6000, as a current
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
  const headers = await signIn(server.origin);
  const jpeg = await photo48();
  const figures: PhotoFigure[] = [];
  figures.push({
    name: '48 MP JPEG (8000×6000)',
    megabytes: jpeg.length / 1024 / 1024,
    ...(await uploadOnce(server, headers, jpeg, 'IMG_0001.jpg')),
  });
  const encoder = heifEnc();
  if (encoder) {
    const source = join(workDir, 'photo-48mp.jpg');
    const heic = join(workDir, 'photo-48mp.heic');
    await sharp(jpeg).toFile(source);
    execFileSync(encoder, ['-q', '50', '-o', heic, source], { stdio: 'ignore' });
    const bytes = readFileSync(heic);
    figures.push({
      name: '48 MP HEIC (8000×6000)',
      megabytes: bytes.length / 1024 / 1024,
      ...(await uploadOnce(server, headers, bytes, 'IMG_0002.HEIC')),
    });
  } else {
    console.log('Photos: heif-enc not installed (Debian libheif-examples): no HEIC figure.');
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
