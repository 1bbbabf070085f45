import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { idSchema } from '@blog/contracts';
import { AdminGuard, TokenScope } from '@blog/api/security';
import { ZodValidationPipe } from '@blog/api/http';
import { RevisionsService } from './revisions.service';

const idPipe = new ZodValidationPipe(idSchema, 'id');
const revisionIdPipe = new ZodValidationPipe(idSchema, 'revisionId');

/** The History of posts, of the About record and of projects: administrators only, never public. */
@Controller()
@UseGuards(AdminGuard)
export class RevisionsController {
  constructor(private readonly revisions: RevisionsService) {}

  /** `RevisionSummary[]`, the last replaced first. */
  @TokenScope('content:read')
  @Get('posts/:id/revisions')
  postRevisions(@Param('id', idPipe) id: number) {
    return this.revisions.list('post', id);
  }

  /** `PostRevision`: the summary with every field the edit form has. */
  @TokenScope('content:read')
  @Get('posts/:id/revisions/:revisionId')
  postRevision(@Param('id', idPipe) id: number, @Param('revisionId', revisionIdPipe) revisionId: number) {
    return this.revisions.get('post', id, revisionId);
  }

  @TokenScope('content:read')
  @Get('about/:id/revisions')
  aboutRevisions(@Param('id', idPipe) id: number) {
    return this.revisions.list('about', id);
  }

  /** `AboutRevision`. */
  @TokenScope('content:read')
  @Get('about/:id/revisions/:revisionId')
  aboutRevision(@Param('id', idPipe) id: number, @Param('revisionId', revisionIdPipe) revisionId: number) {
    return this.revisions.get('about', id, revisionId);
  }

  @TokenScope('content:read')
  @Get('admin/projects/:id/revisions')
  projectRevisions(@Param('id', idPipe) id: number) {
    return this.revisions.list('project', id);
  }

  /** `ProjectRevision`: what the project's edit form loads to restore it (then saves, as any save). */
  @TokenScope('content:read')
  @Get('admin/projects/:id/revisions/:revisionId')
  projectRevision(@Param('id', idPipe) id: number, @Param('revisionId', revisionIdPipe) revisionId: number) {
    return this.revisions.get('project', id, revisionId);
  }
}
