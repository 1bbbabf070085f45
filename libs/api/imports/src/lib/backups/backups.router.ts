import { Injectable } from '@nestjs/common';
import { backupNameSchema } from '@blog/contracts';
import { adminProcedure, router } from '@blog/api/http';
import { BackupsService } from './backups.service';

@Injectable()
export class BackupsRouter {
  constructor(private readonly backups: BackupsService) {}

  readonly router = router({
    list: adminProcedure.query(() => this.backups.list()),
    createNow: adminProcedure.mutation(() => this.backups.createNow()),
    restore: adminProcedure.input(backupNameSchema).mutation(({ input }) => this.backups.restore(input.name)),
  });
}
