import { Body, Controller, Get, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { exportStartSchema, idSchema, type ExportStart } from '@blog/contracts';
import { AdminGuard } from '@blog/api/security';
import { ZodValidationPipe } from '@blog/api/http';
import { SiteExportsService } from './site-exports.service';

const idPipe = new ZodValidationPipe(idSchema, 'id');

/**
 * Exports made in the background (the admin's Export button): `POST /api/exports` answers 202 `{id}`,
 * `GET /api/exports/{id}` its progress, `GET /api/exports/{id}/download` the archive once done.
 */
@Controller('exports')
@UseGuards(AdminGuard)
export class SiteExportsController {
  constructor(private readonly exports: SiteExportsService) {}

  @Post()
  @HttpCode(202)
  start(@Body(new ZodValidationPipe(exportStartSchema)) input: ExportStart) {
    return this.exports.start(input);
  }

  @Get()
  list() {
    return this.exports.list();
  }

  @Get(':id')
  get(@Param('id', idPipe) id: number) {
    return this.exports.get(id);
  }

  @Get(':id/download')
  async download(@Param('id', idPipe) id: number, @Res() res: Response): Promise<void> {
    await this.exports.download(id, res, (done) => {
      res.setHeader('Content-Type', 'application/zip');
      res.setHeader('Content-Disposition', `attachment; filename="${done.file_name}"`);
      if (done.byte_size !== null) res.setHeader('Content-Length', String(done.byte_size));
      res.setHeader('Cache-Control', 'no-store');
    });
  }
}
