import { Logger } from '@nestjs/common';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { storedRedirectTarget } from '@blog/contracts';

/**
 * Deletes the redirects that lead off the site or hide a route of the site itself (`/login` to
 * another host, `/about` to an imported page), which a restored archive or an import could write
 * before every door checked them: each one is named in the log. The server never serves such a row
 * anyway; this takes them out of the owner's list too.
 */
export class UnsafeRedirects1764813000000 implements MigrationInterface {
  name = 'UnsafeRedirects1764813000000';

  async up(q: QueryRunner): Promise<void> {
    const logger = new Logger('Migrations');
    const rows = (await q.query(`SELECT id, from_path, to_path FROM redirects ORDER BY id`)) as Array<{
      id: number;
      from_path: string;
      to_path: string;
    }>;
    const unsafe = rows.flatMap((row) => {
      const { error } = storedRedirectTarget(row);
      return error ? [{ ...row, reason: error }] : [];
    });
    if (unsafe.length === 0) return;
    await q.query(`DELETE FROM redirects WHERE id = ANY($1::int[])`, [unsafe.map((row) => row.id)]);
    for (const row of unsafe) {
      logger.warn(`Redirect ${row.id} from ${row.from_path} to ${row.to_path} deleted: ${row.reason}`);
    }
  }

  async down(): Promise<void> {
    // What was deleted was unsafe: it is not brought back.
  }
}
