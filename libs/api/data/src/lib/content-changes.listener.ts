import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { CONTENT_CHANGED_CHANNEL } from './content-changes';
import { DATABASE_CONNECT_TIMEOUT_MS } from './data-source';

/** The page cache's listening connection's name in `pg_stat_activity` (the default). */
export const LISTENER_APPLICATION_NAME = 'blog content changes';
/** How long to wait before listening again after the connection was lost. */
const RECONNECT_DELAY_MS = 1000;
/** TCP keep-alive on the listening connection, so that a database gone silent is noticed. */
const KEEP_ALIVE_DELAY_MS = 10_000;

export interface ContentChangesHandlers {
  /** A statement changed `table` (any instance, any door, committed); a shown comment names its post (`commentsOfPost`). */
  onChange(table: string): void;
  /** Listening started (true) or stopped (false: changes may be missed until it starts again). */
  onListening(listening: boolean): void;
}

/**
 * Listens to PostgreSQL's `content_changed` notifications on a connection of its own (a pooled one
 * would be handed to queries), and listens again when that connection is lost. Used by the page
 * cache (libs/api/pages) and the redirects' map (libs/api/redirects), each with its own connection.
 */
export class ContentChangesListener {
  private readonly logger = new Logger('ContentChanges');
  private client: Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  /** The barrier query on its way, and the one to follow it for those who came while it was (`heardAll`). */
  private barrier: Promise<void> | null = null;
  private nextBarrier: Promise<void> | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly handlers: ContentChangesHandlers,
    /** Its connection's name in `pg_stat_activity`. */
    private readonly applicationName = LISTENER_APPLICATION_NAME,
  ) {}

  /** Resolves once listening (or once the first attempt failed; it keeps trying). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    this.handlers.onListening(false);
    await client?.end().catch(() => undefined);
  }

  /**
   * Resolves once every change committed before the call has been handed to `onChange`; rejects while
   * not listening. PostgreSQL signals every listening session as a transaction that notified commits,
   * before that transaction's client hears of the commit, and a session hands its notifications over
   * before it answers its next query: so a query on this connection that starts after the call is
   * answered after them. Callers at once share a query (one that started before a caller came does not count).
   */
  heardAll(): Promise<void> {
    if (this.barrier) {
      // The query on its way may have started before this call: the next one counts.
      this.nextBarrier ??= this.barrier
        .catch(() => undefined)
        .then(() => {
          this.nextBarrier = null;
          this.barrier = null;
          return this.heardAll();
        });
      return this.nextBarrier;
    }
    const barrier = this.query('SELECT 1').then(() => undefined);
    this.barrier = barrier;
    void barrier
      .catch(() => undefined)
      .then(() => {
        if (this.barrier === barrier && !this.nextBarrier) this.barrier = null;
      });
    return barrier;
  }

  /** Runs `sql` on the listening connection; rejects while not listening. */
  async query<T>(sql: string): Promise<T[]> {
    if (!this.client) throw new Error('Not connected to the database');
    return (await this.client.query(sql)).rows as T[];
  }

  private async connect(): Promise<void> {
    // A connection attempt to a database that does not answer must fail, or listening never resumes.
    const client = new Client({
      connectionString: this.databaseUrl,
      application_name: this.applicationName,
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
    });
    client.on('notification', (message) => {
      if (message.channel === CONTENT_CHANGED_CHANNEL && message.payload) this.handlers.onChange(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CONTENT_CHANGED_CHANNEL}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.handlers.onListening(true);
  }

  private lost(client: Client, error?: unknown): void {
    if (this.client !== null && this.client !== client) return;
    this.client = null;
    this.handlers.onListening(false);
    void client.end().catch(() => undefined);
    if (this.stopped || this.retry) return;
    this.logger.warn(
      `Not listening to content changes (${(error as Error | undefined)?.message ?? 'connection ended'}); retrying`,
    );
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.stopped) void this.connect();
    }, RECONNECT_DELAY_MS);
  }
}
