import { Controller, Get, Logger, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { exportQuerySchema, SITE_TIME_ZONE } from '@blog/contracts';
import { AdminGuard } from '@blog/api/security';
import { ZodValidationPipe } from '@blog/api/http';
import { SiteArchiveService } from './site-archive.service';

/** `site-2026-11-25.zip`: the day in the site's time zone. */
export function archiveFileName(now = new Date()): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE }).format(now);
  return `site-${day}.zip`;
}

@Controller()
export class ExportsController {
  private readonly logger = new Logger(ExportsController.name);

  constructor(private readonly archive: SiteArchiveService) {}

  /** The whole site as a zip, streamed as it is written (admin only; the guard makes it no-store). */
  @Get('export')
  @UseGuards(AdminGuard)
  async export(
    @Query(new ZodValidationPipe(exportQuerySchema)) query: { include_messages: boolean },
    @Res() res: Response,
  ): Promise<void> {
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${archiveFileName()}"`);
    res.setHeader('Cache-Control', 'no-store');
    try {
      await this.archive.export(res, { includeMessages: query.include_messages });
    } catch (error) {
      // Once the first bytes are out no status can say so: the download is cut short, the log says why.
      this.logger.error(error);
      res.destroy();
    }
  }
}
