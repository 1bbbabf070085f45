import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { statsExportInputSchema, statsRangeSchema, type StatsRange } from '@blog/contracts';
import { AdminGuard, TokenScope } from '@blog/api/security';
import { ZodValidationPipe } from '@blog/api/http';
import { statsCsv, statsCsvFileName, type StatsExportList } from './stats-csv';
import { StatsService } from './stats.service';

const rangePipe = new ZodValidationPipe(statsRangeSchema);

/** The owner's statistics, under `/api/stats`: administrators and tokens with `stats:read`. */
@Controller('stats')
@UseGuards(AdminGuard)
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @TokenScope('stats:read')
  @Get('summary')
  summary(@Query(rangePipe) range: StatsRange) {
    return this.stats.summary(range);
  }

  @TokenScope('stats:read')
  @Get('pages')
  pages(@Query(rangePipe) range: StatsRange) {
    return this.stats.pages(range);
  }

  @TokenScope('stats:read')
  @Get('sources')
  sources(@Query(rangePipe) range: StatsRange) {
    return this.stats.sources(range);
  }

  @TokenScope('stats:read')
  @Get('searches')
  searches(@Query(rangePipe) range: StatsRange) {
    return this.stats.searches(range);
  }

  @TokenScope('stats:read')
  @Get('inquiries')
  inquiries(@Query(rangePipe) range: StatsRange) {
    return this.stats.inquiries(range);
  }

  @TokenScope('stats:read')
  @Get('export.csv')
  async export(
    @Query(new ZodValidationPipe(statsExportInputSchema)) input: StatsRange & { list: StatsExportList },
    @Res({ passthrough: true }) res: Response,
  ) {
    const { list, ...range } = input;
    // Set here, once the query is valid: a refusal stays JSON.
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${statsCsvFileName(list, range)}"`);
    return statsCsv(this.stats, list, range);
  }
}
