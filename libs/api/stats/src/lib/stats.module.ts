import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { text, type NextFunction, type Request, type Response } from 'express';
import { STATS_BEACON_MAX_BYTES, STATS_BEACON_PATH } from '@blog/contracts';
import { BeaconController } from './collect/beacon.controller';
import { StatsRecorder } from './collect/stats-recorder';
import { StatsController } from './stats.controller';
import { StatsRollupService } from './stats-rollup.service';
import { StatsRouter } from './stats.router';
import { StatsService } from './stats.service';
// Their routes' OpenAPI description, loaded with the module that serves them.
import './collect/beacon.openapi';
import './stats.openapi';

/**
 * First-party analytics: counting the public pages' views (no cookie, no address, no user agent kept),
 * the beacon, the roll-ups, and the owner's statistics on both doors.
 */
@Module({
  controllers: [BeaconController, StatsController],
  providers: [StatsRecorder, StatsService, StatsRollupService, StatsRouter],
  exports: [StatsRecorder, StatsService, StatsRouter],
})
export class StatsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // `sendBeacon`'s body is text/plain (JSON inside): read as text, 413 above the limit. A body the
    // app's parsers read already (JSON, a form) is not read again: its stream is spent.
    const readText = text({ type: () => true, limit: STATS_BEACON_MAX_BYTES });
    consumer
      .apply((req: Request, res: Response, next: NextFunction) =>
        req.body === undefined ? readText(req, res, next) : next(),
      )
      .forRoutes({ path: STATS_BEACON_PATH.replace(/^\/api\//, ''), method: RequestMethod.POST });
  }
}
