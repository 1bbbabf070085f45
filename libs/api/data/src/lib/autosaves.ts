import type { DataSource, EntityManager } from 'typeorm';

/**
 * After a successful save of a post or the About record: clears the saver's autosave of it (libs/api/autosaves
 * keeps them; the posts and About domains clear through here, as a domain never imports another). Never fails
 * the save it follows: an autosave left behind is older than the record, and the editor does not offer those.
 */
export async function clearAutosaveAfterSave(
  database: Pick<DataSource | EntityManager, 'query'>,
  userId: number | null | undefined,
  slot: string,
): Promise<void> {
  if (userId === undefined || userId === null) return;
  await database.query(`DELETE FROM autosaves WHERE user_id = $1 AND slot = $2`, [userId, slot]).catch(() => undefined);
}
