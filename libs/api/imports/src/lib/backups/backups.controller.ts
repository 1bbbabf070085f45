import { createReadStream } from 'node:fs';
import { Controller, Get, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { backupNameSchema } from '@blog/contracts';
import { AdminGuard } from '@blog/api/security';
import { ZodValidationPipe } from '@blog/api/http';
import { BackupsService } from './backups.service';

const namePipe = new ZodValidationPipe(backupNameSchema.shape.name, 'name');

/** The scheduled backups: listed, made now, downloaded and restored (administrators only). */
@Controller('backups')
@UseGuards(AdminGuard)
export class BackupsController {
  constructor(private readonly backups: BackupsService) {}

  @Get()
  list() {
    return this.backups.list();
  }

  /** Queues a backup now: 202 `{name}`, listed once written. */
  @Post()
  @HttpCode(202)
  createNow() {
    return this.backups.createNow();
  }

  @Get(':name')
  async download(@Param('name', namePipe) name: string, @Res() res: Response): Promise<void> {
    const { path, size } = await this.backups.fileOf(name);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Length', String(size));
    res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    res.setHeader('Cache-Control', 'no-store');
    createReadStream(path).pipe(res);
  }

  /** Backs up the current state, then restores this backup as an import: 202 `{id}` of that import. */
  @Post(':name/restore')
  @HttpCode(202)
  restore(@Param('name', namePipe) name: string) {
    return this.backups.restore(name);
  }
}
