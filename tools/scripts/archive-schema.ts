/**
 * Writes docs/site-archive.schema.json, the JSON Schema of the site archive's site.json, from its zod
 * schema in the contracts (`npm run archive-schema`). A contracts spec fails while the committed file
 * differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { siteArchiveJsonSchema } from '../../libs/shared/contracts/src/lib/site-archive.schema';

export const SITE_ARCHIVE_SCHEMA_FILE = join(__dirname, '../../docs/site-archive.schema.json');

async function main(): Promise<void> {
  const options = (await resolveConfig(SITE_ARCHIVE_SCHEMA_FILE)) ?? {};
  const text = await format(JSON.stringify(siteArchiveJsonSchema()), {
    ...options,
    filepath: SITE_ARCHIVE_SCHEMA_FILE,
  });
  writeFileSync(SITE_ARCHIVE_SCHEMA_FILE, text);
  console.log(`Wrote ${SITE_ARCHIVE_SCHEMA_FILE}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
