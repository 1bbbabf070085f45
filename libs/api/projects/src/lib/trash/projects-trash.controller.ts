import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { idSchema } from '@blog/contracts';
import type { ChangeOrigin } from '@blog/api/data';
import { AdminGuard, TokenScope } from '@blog/api/security';
import { RestChange, ZodValidationPipe } from '@blog/api/http';
import { ProjectsTrashService } from './projects-trash.service';

const idPipe = new ZodValidationPipe(idSchema, 'id');

/**
 * The trash of projects, under `/api/trash/projects` beside the posts' `/api/trash/posts`: administrators
 * only. `DELETE /api/admin/projects/{id}` puts a project here.
 */
@Controller('trash/projects')
@UseGuards(AdminGuard)
export class ProjectsTrashController {
  constructor(private readonly trash: ProjectsTrashService) {}

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

  @TokenScope('content:write')
  @Delete(':id')
  deleteForever(@Param('id', idPipe) id: number) {
    return this.trash.bin.deleteForever(id);
  }

  /** `{status: 200, deleted}`. */
  @TokenScope('content:write')
  @Delete()
  empty() {
    return this.trash.bin.empty();
  }
}
