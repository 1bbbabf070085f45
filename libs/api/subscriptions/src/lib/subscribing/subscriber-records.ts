import type { EntityManager } from 'typeorm';
import type { ConsentSource, Language, Subscriber } from '@blog/contracts';

/** A subscriber's columns as the owner's doors and the webhooks answer them (`Subscriber`), `s` being the row. */
export const SUBSCRIBER_RECORD_COLUMNS = `s.id, s.email, s.name, s.state, s.digest, s.consent_source, s.consent_at,
  s.consent_note, s.confirmed_at, s.soft_bounces, s.language, s.created_at,
  array(SELECT category_id FROM subscriber_categories c WHERE c.subscriber_id = s.id ORDER BY category_id) AS topics`;

export interface SubscriberRecordRow {
  id: number;
  email: string;
  name: string;
  state: Subscriber['state'];
  digest: boolean;
  consent_source: ConsentSource;
  consent_at: Date;
  consent_note: string;
  confirmed_at: Date | null;
  soft_bounces: number;
  language: Language;
  created_at: Date;
  topics: number[];
}

export const toSubscriber = (row: SubscriberRecordRow): Subscriber => ({
  ...row,
  consent_at: row.consent_at.toISOString(),
  confirmed_at: row.confirmed_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
});

/** One subscriber as its record, or undefined. */
export async function subscriberRecord(manager: EntityManager, id: number): Promise<Subscriber | undefined> {
  const [row] = await manager.query<SubscriberRecordRow[]>(
    `SELECT ${SUBSCRIBER_RECORD_COLUMNS} FROM subscribers s WHERE s.id = $1`,
    [id],
  );
  return row && toSubscriber(row);
}

/** What a suppression shows of an address: its first character and its domain (`l•••@gmail.com`). */
export function emailHint(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  return at > 0 ? `${address[0]}•••${address.slice(at)}` : '•••';
}
