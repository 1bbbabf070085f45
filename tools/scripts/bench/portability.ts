/**
 * The import and export figures of `npm run bench`: a generated WordPress export of
 * BENCH_PORTABILITY_POSTS posts (10 000 by default, no images) imported through `POST /api/imports` and
 * run by the job queue, then the whole site exported through `GET /api/export`; each timed, with the
 * server's peak resident memory sampled every 100 ms while it works.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeGeneratedWxr } from '../../../libs/api/imports/src/testing/generated-wxr';

export const PORTABILITY_POSTS = Number(process.env['BENCH_PORTABILITY_POSTS'] ?? 10_000);
const ADMIN = { email: 'bench@example.com', password: 'bench-password-1234' };

export const PORTABILITY_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, BACKUP_SCHEDULE: 'off' };

interface PortabilityServer {
  pid: number;
  origin: string;
}

interface Figure {
  name: string;
  seconds: number;
  perSecond: number;
  peakRssMb: number;
  target: string;
  met: boolean;
}

/** Samples the process's resident memory until stopped; answers the peak in MB. */
export function sampleRss(pid: number): () => number {
  let peak = 0;
  const read = () => {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (match) peak = Math.max(peak, Number(match[1]) / 1024);
  };
  read();
  const timer = setInterval(read, 100);
  return () => {
    clearInterval(timer);
    read();
    return peak;
  };
}

export async function signIn(origin: string): Promise<Record<string, string>> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { cookie, origin };
}

export async function measurePortability(server: PortabilityServer, workDir: string): Promise<Figure[]> {
  const headers = await signIn(server.origin);
  const wxr = join(workDir, 'generated.xml');
  await writeGeneratedWxr(wxr, { posts: PORTABILITY_POSTS });

  const form = new FormData();
  form.set('source', 'wxr');
  form.set('dry_run', 'false');
  form.set('file', new Blob([readFileSync(wxr)]), 'generated.xml');
  let peak = sampleRss(server.pid);
  let started = Date.now();
  const answer = await fetch(`${server.origin}/api/imports`, { method: 'POST', headers, body: form });
  if (answer.status !== 202) throw new Error(`Import refused: ${answer.status} ${await answer.text()}`);
  const { id } = (await answer.json()) as { id: number };
  for (;;) {
    const current = (await (await fetch(`${server.origin}/api/imports/${id}`, { headers })).json()) as {
      state: string;
      progress: { done: number; total: number };
      error: string | null;
    };
    if (process.stdout.isTTY)
      process.stdout.write(`\r\x1b[Kimport: ${current.progress.done} / ${current.progress.total}`);
    if (current.state === 'done') break;
    if (current.state !== 'queued' && current.state !== 'running')
      throw new Error(`Import ${current.state}: ${current.error}`);
    await new Promise((wait) => setTimeout(wait, 250));
  }
  const importSeconds = (Date.now() - started) / 1000;
  const importPeak = peak();

  peak = sampleRss(server.pid);
  started = Date.now();
  const exported = await fetch(`${server.origin}/api/export`, { headers });
  if (!exported.ok || !exported.body) throw new Error(`Export refused: ${exported.status}`);
  let bytes = 0;
  for await (const chunk of exported.body) bytes += (chunk as Uint8Array).length;
  const exportSeconds = (Date.now() - started) / 1000;
  const exportPeak = peak();
  if (process.stdout.isTTY) process.stdout.write('\r\x1b[K');
  console.log(`Export archive: ${(bytes / 1024 / 1024).toFixed(1)} MB`);

  const importRate = PORTABILITY_POSTS / importSeconds;
  const exportRate = PORTABILITY_POSTS / exportSeconds;
  return [
    {
      name: `import a WXR of ${PORTABILITY_POSTS.toLocaleString('en')} posts`,
      seconds: importSeconds,
      perSecond: importRate,
      peakRssMb: importPeak,
      target: '≥ 100 posts/s, peak RSS < 400 MB',
      met: importRate >= 100 && importPeak < 400,
    },
    {
      name: `export ${PORTABILITY_POSTS.toLocaleString('en')} posts`,
      seconds: exportSeconds,
      perSecond: exportRate,
      peakRssMb: exportPeak,
      target: '≥ 1 000 posts/s, peak RSS < 400 MB',
      met: exportRate >= 1000 && exportPeak < 400,
    },
  ];
}

export function printPortability(figures: Figure[]): void {
  console.log('\nImport and export');
  console.log('| run | time | posts/s | server peak RSS | target | met |');
  console.log('|---|---:|---:|---:|---|---|');
  for (const figure of figures) {
    console.log(
      `| ${figure.name} | ${figure.seconds.toFixed(1)} s | ${Math.round(figure.perSecond)} | ${Math.round(figure.peakRssMb)} MB | ${figure.target} | ${figure.met ? 'yes' : 'NO'} |`,
    );
  }
}
