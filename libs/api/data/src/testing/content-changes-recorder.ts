import { ContentChangesListener } from '../lib/content-changes.listener';

/**
 * Listens to `content_changed` as the page cache does and keeps the tables announced, in order: for
 * the specs of what a door announces. `stop()` ends the listening.
 */
export async function recordContentChanges(
  databaseUrl: string,
): Promise<{ tables: string[]; stop: () => Promise<void> }> {
  const tables: string[] = [];
  const listener = new ContentChangesListener(databaseUrl, {
    onChange: (table) => void tables.push(table),
    onListening: () => undefined,
  });
  await listener.start();
  return { tables, stop: () => listener.stop() };
}
