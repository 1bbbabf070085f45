import { CsvError, parse } from 'csv-parse/sync';
import {
  SUBSCRIBER_IMPORT_FORMATS,
  subscribeInputSchema,
  type Subscriber,
  type SubscriberImportResult,
} from '@blog/contracts';
import { DomainError } from '@blog/api/core';
import { csvFile } from '@blog/api/http';

type ImportFormat = (typeof SUBSCRIBER_IMPORT_FORMATS)[number];
type InvalidLine = SubscriberImportResult['invalid'][number];

/** An address read from an import's file. */
export interface CsvSubscriber {
  email: string;
  name: string;
  /** Substack's `prefer_digests`: the reader chose a digest there. */
  digest: boolean;
}

export interface SubscriberCsv {
  format: ImportFormat;
  subscribers: CsvSubscriber[];
  /** Rows the exporting service marks as unsubscribed, cleaned or not to be mailed: never added. */
  leftOut: number;
  invalid: InvalidLine[];
}

/** Where a format keeps what an import reads; `leftOut` says whether a row is not to be mailed. */
interface Columns {
  email: number;
  name: (row: string[]) => string;
  digest: (row: string[]) => boolean;
  leftOut: (row: string[]) => boolean;
}

/** The names of an address's column in a plain file's header. */
const EMAIL_HEADERS = ['email', 'e-mail', 'email address', 'mail'];
/** A file whose first cell is an address has no header (the first line is a subscriber). */
const emailCell = subscribeInputSchema.shape.email;
/** An address and a name, checked as the subscription form checks them. */
const lineSchema = subscribeInputSchema.pick({ email: true, name: true });

const NO_EMAIL_COLUMN =
  'The file has no e-mail column: a header such as "email" or "Email Address", or the addresses in the first column';

const emailOnly = (email: number): Columns => ({ email, name: () => '', digest: () => false, leftOut: () => false });

/**
 * How each export is recognised by its header (the columns as these services write them):
 * - Mailchimp's audience export: `Email Address`, `First Name`, `Last Name`…; its unsubscribed and cleaned
 *   exports add `UNSUB_TIME`… or `CLEAN_TIME`, `CLEAN_CAMPAIGN_TITLE`…: every row of those is left out;
 * - Substack's subscribers (`email_list…csv`): `email`, `active_subscription`, `expiry`, `plan`,
 *   `email_disabled` (left out when true), `prefer_digests`, `created_at`…, a `name` in some;
 * - Ghost's members: `id`, `email`, `name`, `note`, `subscribed_to_emails` (left out when false), `labels`…;
 * - a plain file: a header naming an `email` column (and `name`), or addresses in the first column and
 *   names in the second without a header.
 */
function columnsOf(header: string[]): { format: ImportFormat; columns: Columns; hasHeader: boolean } | undefined {
  const names = header.map((name) => name.trim().toLowerCase());
  const at = (...candidates: string[]) => names.findIndex((name) => candidates.includes(name));
  const cell = (index: number) => (row: string[]) => (index >= 0 ? (row[index] ?? '').trim() : '');
  const fullName = (first: number, last: number) => (row: string[]) =>
    [cell(first)(row), cell(last)(row)].filter(Boolean).join(' ');

  const mailchimpEmail = at('email address');
  if (mailchimpEmail >= 0) {
    const unsubscribedOrCleaned = names.some((name) => /^(unsub|clean)_/.test(name));
    return {
      format: 'mailchimp',
      hasHeader: true,
      columns: {
        ...emailOnly(mailchimpEmail),
        name: fullName(at('first name'), at('last name')),
        leftOut: () => unsubscribedOrCleaned,
      },
    };
  }
  const email = at(...EMAIL_HEADERS);
  if (email >= 0 && names.includes('subscribed_to_emails')) {
    const subscribed = cell(at('subscribed_to_emails'));
    return {
      format: 'ghost',
      hasHeader: true,
      columns: {
        ...emailOnly(email),
        name: cell(at('name')),
        leftOut: (row) => subscribed(row).toLowerCase() === 'false',
      },
    };
  }
  if (email >= 0 && (names.includes('active_subscription') || names.includes('email_disabled'))) {
    const disabled = cell(at('email_disabled'));
    const digests = cell(at('prefer_digests'));
    return {
      format: 'substack',
      hasHeader: true,
      columns: {
        ...emailOnly(email),
        name: cell(at('name')),
        digest: (row) => digests(row).toLowerCase() === 'true',
        leftOut: (row) => disabled(row).toLowerCase() === 'true',
      },
    };
  }
  if (email >= 0) {
    const full = cell(at('name'));
    const parts = fullName(at('first name', 'first_name'), at('last name', 'last_name'));
    return {
      format: 'plain',
      hasHeader: true,
      columns: { ...emailOnly(email), name: (row) => full(row) || parts(row) },
    };
  }
  if (emailCell.safeParse(header[0]).success) {
    return { format: 'plain', hasHeader: false, columns: { ...emailOnly(0), name: cell(1) } };
  }
  return undefined;
}

/** A row as csv-parse answers it with `info: true` (its types know only the bare rows); `lines`: where it ends. */
interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/** Reads an import's CSV: which export it is, its addresses, and the lines that could not be read. */
export function readSubscriberCsv(csv: string): SubscriberCsv {
  let records: CsvRecord[];
  try {
    records = parse(csv, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as CsvRecord[];
  } catch (error) {
    if (error instanceof CsvError) throw DomainError.invalid([{ field: 'csv', message: error.message }]);
    throw error;
  }
  const recognised = records.length > 0 ? columnsOf(records[0].record) : undefined;
  if (!recognised) throw DomainError.invalid([{ field: 'csv', message: NO_EMAIL_COLUMN }]);
  const { format, columns, hasHeader } = recognised;

  const result: SubscriberCsv = { format, subscribers: [], leftOut: 0, invalid: [] };
  const lineOf = new Map<string, number>();
  for (const { record: row, info } of hasHeader ? records.slice(1) : records) {
    const line = info.lines;
    const parsed = lineSchema.safeParse({ email: row[columns.email] ?? '', name: columns.name(row) });
    if (!parsed.success) {
      result.invalid.push({ line, reason: parsed.error.issues[0].message });
      continue;
    }
    if (columns.leftOut(row)) {
      result.leftOut += 1;
      continue;
    }
    const key = parsed.data.email.toLowerCase();
    const first = lineOf.get(key);
    if (first !== undefined) {
      result.invalid.push({ line, reason: `The address is on line ${first} already` });
      continue;
    }
    lineOf.set(key, line);
    result.subscribers.push({ email: parsed.data.email, name: parsed.data.name, digest: columns.digest(row) });
  }
  return result;
}

/** The export's columns: a subscriber a line, topics as category slugs. */
export const SUBSCRIBER_EXPORT_COLUMNS = [
  'email',
  'name',
  'state',
  'topics',
  'digest',
  'consent_source',
  'consent_at',
  'consent_note',
  'confirmed_at',
  'language',
] as const;

/** Topics' slugs in one cell, space-separated (a slug holds no space). */
const TOPIC_SEPARATOR = ' ';

/** The subscribers as CSV (RFC 4180, a cell a spreadsheet would run as a formula made inert). */
export function subscribersCsv(subscribers: Array<Subscriber & { topic_slugs: string[] }>): string {
  return csvFile(
    [...SUBSCRIBER_EXPORT_COLUMNS],
    subscribers.map((subscriber) => [
      subscriber.email,
      subscriber.name,
      subscriber.state,
      subscriber.topic_slugs.join(TOPIC_SEPARATOR),
      subscriber.digest,
      subscriber.consent_source,
      subscriber.consent_at,
      subscriber.consent_note,
      subscriber.confirmed_at,
      subscriber.language,
    ]),
  );
}
