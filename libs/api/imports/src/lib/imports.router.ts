import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import {
  IMPORT_FILE_FIELD,
  IMPORT_IMAGES_FIELD,
  IMPORT_IMAGES_MAX_BYTES,
  IMPORT_MAX_BYTES,
  importIdSchema,
  importStartFormSchema,
  importStartSchema,
} from '@blog/contracts';
import { DomainError } from '@blog/api/core';
import { adminProcedure, router } from '@blog/api/http';
import { fileTooLarge, ImportsService, type ReceivedImportFile } from './imports.service';

/** A FormData file written to a temporary file, as multer does for REST; undefined when absent. */
async function received(form: FormData, field: string, limit: number): Promise<ReceivedImportFile | undefined> {
  const file = form.get(field);
  if (!(file instanceof Blob)) return undefined;
  if (file.size > limit) throw fileTooLarge(field, limit);
  const path = join(tmpdir(), `blog-import-${randomUUID()}`);
  await writeFile(path, file.stream());
  return { path, originalname: file instanceof File ? file.name : field };
}

@Injectable()
export class ImportsRouter {
  constructor(private readonly imports: ImportsService) {}

  readonly router = router({
    /** The same as `POST /api/imports`: a FormData with `file`, optionally `images`, and the other fields. */
    start: adminProcedure.input(importStartFormSchema).mutation(async ({ input: form }) => {
      const fields = importStartSchema.safeParse(
        Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string')),
      );
      if (!fields.success) {
        throw DomainError.invalid(
          fields.error.issues.map((issue) => ({ field: String(issue.path[0] ?? 'source'), message: issue.message })),
        );
      }
      const file = await received(form, IMPORT_FILE_FIELD, IMPORT_MAX_BYTES);
      let images: ReceivedImportFile | undefined;
      try {
        images = await received(form, IMPORT_IMAGES_FIELD, IMPORT_IMAGES_MAX_BYTES);
        return await this.imports.start(fields.data, file, images);
      } finally {
        await Promise.all([file, images].map((one) => one && rm(one.path, { force: true })));
      }
    }),
    list: adminProcedure.query(() => this.imports.list()),
    byId: adminProcedure.input(importIdSchema).query(({ input }) => this.imports.get(input.id)),
    cancel: adminProcedure.input(importIdSchema).mutation(({ input }) => this.imports.cancel(input.id)),
    /** A finished dry run, run for real on the same files. */
    run: adminProcedure.input(importIdSchema).mutation(({ input }) => this.imports.runDryRun(input.id)),
  });
}
