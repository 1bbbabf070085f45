import { tmpdir } from 'node:os';
import { rm } from 'node:fs/promises';
import {
  BadRequestException,
  Body,
  type CallHandler,
  Controller,
  Delete,
  type ExecutionContext,
  Get,
  HttpCode,
  Injectable,
  type NestInterceptor,
  Param,
  PayloadTooLargeException,
  Post,
  UploadedFiles,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { FileFieldsInterceptor } from '@nestjs/platform-express';
import { catchError, type Observable, throwError } from 'rxjs';
import {
  idSchema,
  IMPORT_FILE_FIELD,
  IMPORT_IMAGES_FIELD,
  IMPORT_IMAGES_MAX_BYTES,
  IMPORT_MAX_BYTES,
  importStartSchema,
  type ImportStart,
} from '@blog/contracts';
import { DomainError } from '@blog/api/core';
import { AdminGuard } from '@blog/api/security';
import { ZodValidationPipe } from '@blog/api/http';
import { fileTooLarge, ImportsService, type ReceivedImportFile } from './imports.service';

const idPipe = new ZodValidationPipe(idSchema, 'id');

interface ReceivedFiles {
  [IMPORT_FILE_FIELD]?: Array<ReceivedImportFile & { size: number }>;
  [IMPORT_IMAGES_FIELD]?: Array<ReceivedImportFile & { size: number }>;
}

/** multer's refusals (a file over the limit, an unknown field, a malformed body) as errors naming the field. */
@Injectable()
class ImportUploadErrors implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof PayloadTooLargeException)
          return throwError(() => fileTooLarge('file', IMPORT_IMAGES_MAX_BYTES));
        if (error instanceof BadRequestException) {
          return throwError(() => DomainError.invalid([{ field: IMPORT_FILE_FIELD, message: error.message }]));
        }
        return throwError(() => error);
      }),
    );
  }
}

/**
 * `POST /api/imports` (multipart: the export in `file`, optionally a zip of its images in `images`,
 * `source`, `dry_run`, `on_conflict`, `pages_category`) answers 202 `{id}` at once; the import runs as
 * a background job, read with `GET /api/imports/{id}` and cancelled with `DELETE /api/imports/{id}`.
 * Administrators only; the guard runs before multer, so nobody else's body is even read.
 */
@Controller('imports')
@UseGuards(AdminGuard)
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  @Post()
  @HttpCode(202)
  @UseInterceptors(
    ImportUploadErrors,
    // On disk, not in memory: an export may be hundreds of MB. The files are removed once kept in PostgreSQL.
    FileFieldsInterceptor(
      [
        { name: IMPORT_FILE_FIELD, maxCount: 1 },
        { name: IMPORT_IMAGES_FIELD, maxCount: 1 },
      ],
      { dest: tmpdir(), limits: { fileSize: IMPORT_IMAGES_MAX_BYTES, files: 2, fields: 10, fieldSize: 10_000 } },
    ),
  )
  async start(@UploadedFiles() files: ReceivedFiles = {}, @Body() body: unknown) {
    const file = files[IMPORT_FILE_FIELD]?.[0];
    const images = files[IMPORT_IMAGES_FIELD]?.[0];
    try {
      if (file && file.size > IMPORT_MAX_BYTES) throw fileTooLarge(IMPORT_FILE_FIELD, IMPORT_MAX_BYTES);
      const input = new ZodValidationPipe(importStartSchema).transform(body) as ImportStart;
      return await this.imports.start(input, file, images);
    } finally {
      await Promise.all([file, images].map((received) => received && rm(received.path, { force: true })));
    }
  }

  /** The most recent imports, newest first. */
  @Get()
  list() {
    return this.imports.list();
  }

  @Get(':id')
  get(@Param('id', idPipe) id: number) {
    return this.imports.get(id);
  }

  /** Runs a finished dry run for real, on the same files: 202 `{id}` of the new import. */
  @Post(':id/run')
  @HttpCode(202)
  run(@Param('id', idPipe) id: number) {
    return this.imports.runDryRun(id);
  }

  @Delete(':id')
  cancel(@Param('id', idPipe) id: number) {
    return this.imports.cancel(id);
  }
}
