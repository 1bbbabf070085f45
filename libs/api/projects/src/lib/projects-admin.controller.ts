import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import {
  adminLanguageQuerySchema,
  etagOf,
  idSchema,
  orderInputSchema,
  projectInputSchema,
  translateBodySchema,
  type AdminLanguageQuery,
  type Language,
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

  /** Every project, hidden, draft and scheduled ones too; `?language=&missing_translation=` filter them. */
  @TokenScope('content:read')
  @Get()
  list(@Query(new ZodValidationPipe(adminLanguageQuerySchema)) query: NonNullable<AdminLanguageQuery>) {
    return this.projects.adminList(query);
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

  /** 201 the new version: a draft in `language` pre-filled from the project and linked to it (tRPC `projects.translate`). */
  @TokenScope('content:write')
  @Post(':id/translations')
  translate(
    @Param('id', idPipe) id: number,
    @Body(new ZodValidationPipe(translateBodySchema)) body: { language: Language },
    @RestChange() origin: ChangeOrigin,
  ) {
    return this.projects.translate(id, body.language, origin);
  }

  /** Makes the two projects versions of each other (tRPC `projects.linkTranslation`); answers the project. */
  @TokenScope('content:write')
  @Put(':id/translations/:translation_id')
  linkTranslation(
    @Param('id', idPipe) id: number,
    @Param('translation_id', new ZodValidationPipe(idSchema, 'translation_id')) translationId: number,
  ) {
    return this.projects.linkTranslation(id, translationId);
  }

  /** Takes the project out of its translation group (tRPC `projects.unlinkTranslation`); answers the project. */
  @TokenScope('content:write')
  @Delete(':id/translations')
  unlinkTranslation(@Param('id', idPipe) id: number) {
    return this.projects.unlinkTranslation(id);
  }

  /** Moves the project to the trash (`/api/trash/projects` restores it or deletes it for good). */
  @TokenScope('content:write')
  @Delete(':id')
  remove(@Param('id', idPipe) id: number) {
    return this.projects.remove(id);
  }
}
