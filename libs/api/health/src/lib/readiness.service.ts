import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { pendingMigrations } from '@blog/api/data';

/** How long `/api/ready` waits for the database before saying it is not ready. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

export type Readiness =
  { ready: true } | { ready: false; reason: 'shutting down' | 'database unavailable' | 'migrations pending' };

/** Whether this instance should be sent requests: the database answers, the schema is current, it is not stopping. */
@Injectable()
export class ReadinessService implements OnModuleDestroy {
  private stopping = false;

  constructor(private readonly dataSource: DataSource) {}

  /** From now on `/api/ready` answers 503, so that load balancers stop sending requests here. */
  beginShutdown(): void {
    this.stopping = true;
  }

  get shuttingDown(): boolean {
    return this.stopping;
  }

  onModuleDestroy(): void {
    this.beginShutdown();
  }

  async check(): Promise<Readiness> {
    if (this.stopping) return { ready: false, reason: 'shutting down' };
    let pending: string[];
    try {
      pending = await withTimeout(pendingMigrations(this.dataSource), READY_CHECK_TIMEOUT_MS);
    } catch {
      return { ready: false, reason: 'database unavailable' };
    }
    if (pending.length > 0) return { ready: false, reason: 'migrations pending' };
    return this.stopping ? { ready: false, reason: 'shutting down' } : { ready: true };
  }
}

/** `promise`, or a rejection after `ms` (the promise itself goes on; its outcome is ignored). */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
