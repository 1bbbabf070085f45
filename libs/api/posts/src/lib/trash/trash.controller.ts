import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { idSchema } from '@blog/contracts';
import type { ChangeOrigin } from '@blog/api/data';
import { AdminGuard, TokenScope } from '@blog/api/security';
import { RestChange, ZodValidationPipe } from '@blog/api/http';
import { TrashService } from './trash.service';

const idPipe = new ZodValidationPipe(idSchema, 'id');

/** The trash of posts, under `/api/trash/posts`: administrators only. `DELETE /api/posts/{id}` puts a post here. */
@Controller('trash/posts')
@UseGuards(AdminGuard)
export class TrashController {
  constructor(private readonly trash: TrashService) {}

  @TokenScope('content:read')
  @Get()
  list() {
    return this.trash.list();
  }

  /** `{status: 200, id, slug, slug_changed}`: the slug it got back. */
  @TokenScope('content:write')
  @Post(':id/restore')
  @HttpCode(200)
  restore(@Param('id', idPipe) id: number, @RestChange() origin: ChangeOrigin) {
    return this.trash.bin.restore(id, origin);
  }

  /** Deletes the trashed post for good. */
  @TokenScope('content:write')
  @Delete(':id')
  deleteForever(@Param('id', idPipe) id: number) {
    return this.trash.bin.deleteForever(id);
  }

  /** Empties the trash: `{status: 200, deleted}`. */
  @TokenScope('content:write')
  @Delete()
  empty() {
    return this.trash.bin.empty();
  }
}
