import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { text, type Request, type Response } from 'express';
import {
  dayIn,
  idSchema,
  SITE_TIME_ZONE,
  SUBSCRIBER_IMPORT_MAX_BYTES,
  subscriberGrowthInputSchema,
  subscriberImportCsvSchema,
  subscriberImportOptionsSchema,
  subscriberRemoveInputSchema,
  subscribersQuerySchema,
  suppressionIdSchema,
  type StatsRange,
  type SubscriberImportOptions,
  type SubscribersQuery,
} from '@blog/contracts';
import { DomainError } from '@blog/api/core';
import { ZodValidationPipe } from '@blog/api/http';
import { AdminGuard, TokenScope } from '@blog/api/security';
import { SubscribersAdminService } from './subscribers-admin.service';

const idPipe = new ZodValidationPipe(idSchema, 'id');
const MB = 1024 * 1024;
const readText = text({ type: () => true, limit: SUBSCRIBER_IMPORT_MAX_BYTES });

/**
 * An import's body: a `text/csv` file of at most `SUBSCRIBER_IMPORT_MAX_BYTES` (415 for another type,
 * 413 above), in its declared charset (UTF-8 unless told), read here once the query is valid.
 */
async function csvBody(req: Request, res: Response): Promise<string> {
  if (!req.is('text/csv')) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as the body, with Content-Type: text/csv', [
      { field: 'csv', message: 'must be text/csv' },
    ]);
  }
  await new Promise<void>((resolve, reject) =>
    readText(req, res, (error?: { status?: number; message?: string }) => {
      if (!error) return resolve();
      if (error.status === 413) {
        const limit = `must be at most ${SUBSCRIBER_IMPORT_MAX_BYTES / MB} MB`;
        return reject(new DomainError('PAYLOAD_TOO_LARGE', `The csv ${limit}`, [{ field: 'csv', message: limit }]));
      }
      const code = error.status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
      reject(
        new DomainError(code, `The csv could not be read: ${error.message}`, [
          { field: 'csv', message: String(error.message) },
        ]),
      );
    }),
  );
  return new ZodValidationPipe(subscriberImportCsvSchema, 'csv').transform(
    typeof req.body === 'string' ? req.body : '',
  );
}

/**
 * The owner's subscribers under `/api/subscribers`: administrators, and API tokens with
 * `subscribers:read` (the reads, the export) or `subscribers:write` (removal, undoing a suppression, import).
 */
@Controller('subscribers')
@UseGuards(AdminGuard)
export class SubscribersController {
  constructor(private readonly admin: SubscribersAdminService) {}

  @TokenScope('subscribers:read')
  @Get()
  list(@Query(new ZodValidationPipe(subscribersQuerySchema)) query: SubscribersQuery) {
    return this.admin.list(query);
  }

  @TokenScope('subscribers:read')
  @Get('counts')
  counts() {
    return this.admin.counts();
  }

  @TokenScope('subscribers:read')
  @Get('growth')
  growth(@Query(new ZodValidationPipe(subscriberGrowthInputSchema)) range: StatsRange) {
    return this.admin.growth(range);
  }

  @TokenScope('subscribers:read')
  @Get('export.csv')
  async export(@Res({ passthrough: true }) res: Response) {
    const csv = await this.admin.exportCsv();
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="subscribers-${dayIn(new Date(), SITE_TIME_ZONE)}.csv"`);
    return csv;
  }

  @TokenScope('subscribers:write')
  @Post('import')
  @HttpCode(200)
  async import(
    @Query(new ZodValidationPipe(subscriberImportOptionsSchema)) options: SubscriberImportOptions,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.admin.import(await csvBody(req, res), options);
  }

  @TokenScope('subscribers:write')
  @Delete('suppressions/:id')
  restoreSuppression(@Param('id', new ZodValidationPipe(suppressionIdSchema, 'id')) id: string) {
    return this.admin.restoreSuppression(id);
  }

  @TokenScope('subscribers:write')
  @Delete(':id')
  remove(
    @Param('id', idPipe) id: number,
    @Query(new ZodValidationPipe(subscriberRemoveInputSchema.pick({ suppress: true })))
    { suppress }: { suppress: boolean },
  ) {
    return this.admin.remove({ id, suppress });
  }
}
