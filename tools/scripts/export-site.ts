/**
 * `npm run export -- <file>`: writes the site archive to <file>, from `DATABASE_URL` or the embedded
 * database under `DATA_DIR` as `npm start` uses it (stop the server first: one embedded server per
 * folder). Contact messages are left out unless `--include-messages` is given.
 */
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { loadConfig } from '@blog/api/core';
import { openDataSource, startDatabase } from '@blog/api/data';
import { SiteArchiveService } from '@blog/api/exports';
import { sessionSecretOf } from '@blog/api/security';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const file = args.find((arg) => !arg.startsWith('--'));
  if (!file) throw new Error('usage: npm run export -- <file.zip> [--include-messages]');
  const config = loadConfig();
  const database = await startDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const dataSource = await openDataSource(database.url);
    try {
      const output = createWriteStream(file);
      const summary = await new SiteArchiveService(dataSource, config.siteUrl, sessionSecretOf(config)).export(output, {
        includeMessages: args.includes('--include-messages'),
      });
      await finished(output);
      const { upload_bytes, ...counts } = summary;
      const listed = Object.entries(counts)
        .map(([kind, count]) => `${count} ${kind}`)
        .join(', ');
      console.log(`Wrote ${file}: ${listed}; ${upload_bytes} bytes of uploads`);
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
