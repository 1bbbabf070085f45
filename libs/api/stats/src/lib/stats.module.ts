import { Module } from '@nestjs/common';
import { StatsRouter } from './stats.router';

/**
 * First-party analytics: counting the public pages' views (no cookie, no address, no user agent kept),
 * the beacon, the roll-ups, and the owner's statistics on both doors.
 */
@Module({ providers: [StatsRouter], exports: [StatsRouter] })
export class StatsModule {}
