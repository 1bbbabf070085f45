import { Module } from '@nestjs/common';
import { StatsController } from './stats.controller';
import { StatsRollupService } from './stats-rollup.service';
import { StatsRouter } from './stats.router';
import { StatsService } from './stats.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './stats.openapi';

/**
 * First-party analytics: counting the public pages' views (no cookie, no address, no user agent kept),
 * the beacon, the roll-ups, and the owner's statistics on both doors.
 */
@Module({
  controllers: [StatsController],
  providers: [StatsService, StatsRollupService, StatsRouter],
  exports: [StatsService, StatsRouter],
})
export class StatsModule {}
