import type { MigrationInterface, QueryRunner } from 'typeorm';
import { highlightCodeBlocks } from '@blog/shared/html/highlight';

/** The rich-text columns whose code blocks are stored highlighted. */
const RICH_TEXT_COLUMNS = [
  { table: 'posts', columns: ['content', 'short_content'] },
  { table: 'about', columns: ['content'] },
] as const;

/**
 * Code blocks are highlighted when rich text is saved (the public pages ship no highlighter); this
 * highlights the code blocks of what was saved before. Only rows with a code block are rewritten, and
 * only their rich-text columns (no `updated_at` change: the text is the same).
 */
export class HighlightCodeBlocks1764460000000 implements MigrationInterface {
  name = 'HighlightCodeBlocks1764460000000';

  async up(q: QueryRunner): Promise<void> {
    for (const { table, columns } of RICH_TEXT_COLUMNS) {
      const withCode = columns.map((column) => `${column} LIKE '%<pre%'`).join(' OR ');
      const rows: Record<string, string>[] = await q.query(
        `SELECT id, ${columns.join(', ')} FROM "${table}" WHERE ${withCode}`,
      );
      for (const row of rows) {
        const values = columns.map((column) => highlightCodeBlocks(row[column]));
        const assignments = columns.map((column, index) => `${column} = $${index + 2}`).join(', ');
        await q.query(`UPDATE "${table}" SET ${assignments} WHERE id = $1`, [row['id'], ...values]);
      }
    }
  }

  async down(): Promise<void> {
    // Highlighted code blocks are valid rich text: nothing to undo.
  }
}
