import { Controller, Get, Header, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  formatWait,
  STATS_BEACON_PATH,
  STATS_BEACON_RATE_LIMITS,
  STATS_BEACON_SCRIPT_PATH,
  statsBeaconSchema,
  toFieldErrors,
} from '@blog/contracts';
import { DomainError } from '@blog/api/core';
import { clientAddress, RateLimiter } from '@blog/api/security';
import { BEACON_SCRIPT } from './beacon-script';
import { StatsRecorder } from './stats-recorder';

/** Routes are declared without the `/api` prefix, which the app adds. */
const withoutPrefix = (path: string) => path.replace(/^\/api\//, '');

/** The body as sent: `text/plain` (what `sendBeacon` sends, read by `StatsModule`'s parser) or JSON. */
function reportOf(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw DomainError.invalid([{ field: '(input)', message: 'must be JSON' }]);
  }
}

/** The beacon's script and the door it reports to (`BEACON_SCRIPT`). */
@Controller()
export class BeaconController {
  private readonly limiter: RateLimiter<keyof typeof STATS_BEACON_RATE_LIMITS>;

  constructor(private readonly recorder: StatsRecorder) {
    // In memory, per instance: a reader's address never reaches a table.
    this.limiter = new RateLimiter(
      null,
      'stats-beacon',
      STATS_BEACON_RATE_LIMITS,
      (seconds) => `Too many reports. Please try again in ${formatWait(seconds)}.`,
    );
  }

  /** Cached a week by browsers and CDNs: it changes rarely, and an older copy reports alike. */
  @Get(withoutPrefix(STATS_BEACON_SCRIPT_PATH))
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=604800')
  script(): string {
    return BEACON_SCRIPT;
  }

  /** 204 whether counted or not (a bot, Do Not Track …): the sender learns nothing from the answer. */
  @Post(withoutPrefix(STATS_BEACON_PATH))
  @HttpCode(204)
  async report(@Req() req: Request): Promise<void> {
    const checked = statsBeaconSchema.safeParse(reportOf(req.body));
    if (!checked.success) throw DomainError.invalid(toFieldErrors(checked.error.issues));
    const address = clientAddress(req);
    await this.limiter.consume({ perAddress: address });
    this.recorder.recordBeacon(checked.data, req.headers, address);
  }
}
