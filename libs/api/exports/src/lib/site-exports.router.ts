import { Injectable } from '@nestjs/common';
import { exportIdSchema, exportStartSchema } from '@blog/contracts';
import { adminProcedure, router } from '@blog/api/http';
import { SiteExportsService } from './site-exports.service';

@Injectable()
export class SiteExportsRouter {
  constructor(private readonly exports: SiteExportsService) {}

  readonly router = router({
    /** The same as `POST /api/exports`: queues an export; its archive is downloaded from `download_url` once done. */
    start: adminProcedure.input(exportStartSchema).mutation(({ input }) => this.exports.start(input)),
    byId: adminProcedure.input(exportIdSchema).query(({ input }) => this.exports.get(input.id)),
    list: adminProcedure.query(() => this.exports.list()),
  });
}
