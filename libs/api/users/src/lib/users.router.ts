import { Injectable } from '@nestjs/common';
import { idInputSchema, userCreateInputSchema, userUpdateByIdInputSchema } from '@blog/contracts';
import { type SessionUser } from '@blog/api/security';
import { adminProcedure, router, type TrpcContext } from '@blog/api/http';
import { UsersService, type Actor } from './users.service';

const actorOf = (ctx: TrpcContext & { user: SessionUser }): Actor => ({
  user: ctx.user,
  sessionId: ctx.req?.sessionID,
});

@Injectable()
export class UsersRouter {
  constructor(private readonly users: UsersService) {}

  readonly router = router({
    list: adminProcedure.query(() => this.users.list()),
    byId: adminProcedure.input(idInputSchema).query(({ input }) => this.users.get(input.id)),
    create: adminProcedure.input(userCreateInputSchema).mutation(({ input }) => this.users.create(input)),
    update: adminProcedure
      .input(userUpdateByIdInputSchema)
      .mutation(({ ctx, input: { id, ...fields } }) => this.users.update(actorOf(ctx), id, fields)),
    delete: adminProcedure.input(idInputSchema).mutation(({ ctx, input }) => this.users.remove(actorOf(ctx), input.id)),
  });
}
