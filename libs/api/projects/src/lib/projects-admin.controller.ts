import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import {
  etagOf,
  idSchema,
  orderInputSchema,
  projectInputSchema,
  type OrderInput,
  type ProjectFields,
} from '@blog/contracts';
import type { ChangeOrigin } from '@blog/api/data';
import { AdminGuard, TokenScope } from '@blog/api/security';
import { IfMatch, RestChange, ZodValidationPipe } from '@blog/api/http';
import { ProjectsService } from './projects.service';

const idPipe = new ZodValidationPipe(idSchema, 'id');
const bodyPipe = new ZodValidationPipe(projectInputSchema);

/** The admin project endpoints, under `/api/admin/projects`: administrators and tokens with the scope. */
@Controller('admin/projects')
@UseGuards(AdminGuard)
export class ProjectsAdminController {
  constructor(private readonly projects: ProjectsService) {}

  /** Every project, hidden, draft and scheduled ones too. */
  @TokenScope('content:read')
  @Get()
  list() {
    return this.projects.adminList();
  }

  /** With `ETag: "v<version>"`, for the `If-Match` of the next `PUT`. */
  @TokenScope('content:read')
  @Get(':id')
  async get(@Param('id', idPipe) id: number, @Res({ passthrough: true }) res: Response) {
    const project = await this.projects.get(id);
    res.setHeader('ETag', etagOf(project.version));
    return project;
  }

  /** 200 `{status: 200, id}`, as a post's create. */
  @TokenScope('content:write')
  @Post()
  @HttpCode(200)
  create(@Body(bodyPipe) body: ProjectFields, @RestChange() origin: ChangeOrigin) {
    return this.projects.create(body, origin);
  }

  /** Every project's id (out of the trash) in the order wanted; answers the list in its new order. */
  @TokenScope('content:write')
  @Put('order')
  reorder(@Body(new ZodValidationPipe(orderInputSchema)) body: OrderInput) {
    return this.projects.reorder(body.ids);
  }

  /** With `If-Match: "v<version>"`: written only over that version, else 412 with `current` and `changed`. */
  @TokenScope('content:write')
  @Put(':id')
  update(
    @Param('id', idPipe) id: number,
    @Body(bodyPipe) body: ProjectFields,
    @IfMatch() version: number | undefined,
    @RestChange() origin: ChangeOrigin,
  ) {
    return this.projects.update(id, body, { origin, version });
  }

  /** Moves the project to the trash (`/api/trash/projects` restores it or deletes it for good). */
  @TokenScope('content:write')
  @Delete(':id')
  remove(@Param('id', idPipe) id: number) {
    return this.projects.remove(id);
  }
}
