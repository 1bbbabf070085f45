import { Module } from '@nestjs/common';

/**
 * First-party analytics: counting the public pages' views (no cookie, no address, no user agent kept),
 * the beacon, the roll-ups, and the owner's statistics on both doors.
 */
@Module({})
export class StatsModule {}
