import { Controller, Get, Header, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DATABASE_RETRY_AFTER_SECONDS, PROBE_ROUTES } from '@blog/api/core';
import { ReadinessService } from './readiness.service';

/** The probes of load balancers and orchestrators (`HEALTHCHECK`): no session, never cached. */
@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  /** Live: the process answers. Reads nothing, so a database outage never gets the process restarted. */
  @Get(PROBE_ROUTES.live)
  @Header('Cache-Control', 'no-store')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Ready: 200 when requests may be sent here; 503 with the reason while not. */
  @Get(PROBE_ROUTES.ready)
  @Header('Cache-Control', 'no-store')
  async ready(
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ status: 'ready' } | { status: 'not ready'; reason: string }> {
    const readiness = await this.readiness.check();
    if (readiness.ready) return { status: 'ready' };
    res.status(503).setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return { status: 'not ready', reason: readiness.reason };
  }
}
