/**
 * `npm run restore -- <file> [--mode skip|overwrite|keep_both] [--dry-run]`: restores a site archive
 * (made by Export, `npm run export` or a backup) into `DATABASE_URL` or the embedded database under
 * `DATA_DIR`, migrating a fresh one first (stop the server first: one embedded server per folder).
 * Into a site with content, a category or post whose slug is taken is skipped by default.
 */
import { IMPORT_CONFLICT_MODES, type ImportConflictMode } from '@blog/contracts';
import { loadConfig } from '@blog/api/core';
import { openDataSource, startDatabase } from '@blog/api/data';
import { SiteArchiveService } from '@blog/api/exports';
import { sessionSecretOf } from '@blog/api/security';

const USAGE = `usage: npm run restore -- <file.zip> [--mode ${IMPORT_CONFLICT_MODES.join('|')}] [--dry-run]`;

function modeOf(args: string[]): ImportConflictMode {
  const index = args.indexOf('--mode');
  if (index < 0) return 'skip';
  const mode = args[index + 1] as ImportConflictMode;
  if (!IMPORT_CONFLICT_MODES.includes(mode)) throw new Error(USAGE);
  return mode;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const file = args.find((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--mode');
  if (!file) throw new Error(USAGE);
  const mode = modeOf(args);
  const dryRun = args.includes('--dry-run');
  const config = loadConfig();
  const database = await startDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const dataSource = await openDataSource(database.url);
    try {
      const report = await new SiteArchiveService(dataSource, config.siteUrl, sessionSecretOf(config)).restore(file, {
        mode,
        dryRun,
      });
      const counts = (kind: 'created' | 'skipped' | 'overwritten') =>
        Object.entries(report[kind])
          .filter(([, count]) => count > 0)
          .map(([what, count]) => `${count} ${what}`)
          .join(', ') || 'nothing';
      console.log(`${dryRun ? 'Dry run of' : 'Restored'} ${file} (${mode}):`);
      console.log(`  ${dryRun ? 'would create' : 'created'}: ${counts('created')}`);
      console.log(`  skipped: ${counts('skipped')}`);
      console.log(`  overwritten: ${counts('overwritten')}`);
      for (const failure of report.failed) console.log(`  failed: ${failure.item}: ${failure.reason}`);
      for (const warning of report.warnings) console.log(`  warning: ${warning}`);
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
