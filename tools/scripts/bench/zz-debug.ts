import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { freePort, startDatabase } from '../../../libs/api/data/src/lib/database-server';
import { seedPosts, seedProjects } from './seed';

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'pubdbg-'));
  const db = await startDatabase({ dataDir: dir, ephemeral: true });
  const port = await freePort();
  const env = { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: mkdtempSync(join(dir, 's-')), DATABASE_URL: db.url, SEED_DEMO: 'false' };
  const start = async () => {
    const child = spawn(process.execPath, ['--max-old-space-size=256', resolve('dist/apps/api/main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: string[] = [];
    child.stdout.on('data', (c) => out.push(c.toString()));
    child.stderr.on('data', (c) => out.push(c.toString()));
    for (;;) {
      try { if ((await fetch(`http://127.0.0.1:${port}/api/homeData`)).ok) break; } catch { /* starting */ }
      await new Promise((r) => setTimeout(r, 500));
    }
    return { child, out };
  };
  let s = await start();
  s.child.kill(); await new Promise((r) => s.child.once('exit', r));
  const client = new Client({ connectionString: db.url }); await client.connect();
  await seedProjects(client); await seedPosts(client, 1, 20);
  s = await start();
  for (const path of ['/portfolio', '/portfolio/bench-project-1', '/', '/api/projects', '/portfolio', '/']) {
    const t = Date.now();
    const r = await fetch(`http://127.0.0.1:${port}${path}`);
    const body = await r.text();
    console.log(path, r.status, body.length, Date.now() - t, 'ms', r.headers.get('cache-control'));
  }
  console.log(s.out.join('').split('\n').filter((l) => /error|warn|Error/i.test(l)).slice(0, 10).join('\n').slice(0, 3000));
  s.child.kill(); await client.end(); await db.stop();
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
