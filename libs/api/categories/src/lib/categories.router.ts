import { Injectable } from '@nestjs/common';
import { idInputSchema } from '@blog/contracts';
import { publicProcedure, router } from '@blog/api/core';
import { CategoriesService } from './categories.service';

@Injectable()
export class CategoriesRouter {
  constructor(private readonly categories: CategoriesService) {}

  readonly router = router({
    links: publicProcedure.query(() => this.categories.links()),
    list: publicProcedure.query(() => this.categories.list()),
    byId: publicProcedure.input(idInputSchema).query(({ input }) => this.categories.get(input.id)),
  });
}
