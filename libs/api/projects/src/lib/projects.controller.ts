import { Controller, Get, Param, Query } from '@nestjs/common';
import { projectsQuerySchema, slugParamSchema, type Language, type ProjectsQuery } from '@blog/contracts';
import { TokenScope } from '@blog/api/security';
import { LangQuery, ZodValidationPipe } from '@blog/api/http';
import { ProjectsService } from './projects.service';

const slugPipe = new ZodValidationPipe(slugParamSchema, 'slug');

/** The public project endpoints, under `/api/projects`: visible projects only, of one language (`?lang=`, else the default's). */
@Controller('projects')
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  /** `?stack=react`: only the projects with that tag (normalised as the stored tags are). */
  @TokenScope('content:read')
  @Get()
  list(@Query(new ZodValidationPipe(projectsQuerySchema)) query: ProjectsQuery) {
    return this.projects.list(query);
  }

  @TokenScope('content:read')
  @Get(':slug')
  detail(@Param('slug', slugPipe) slug: string, @LangQuery() lang?: Language) {
    return this.projects.detail(slug, lang);
  }

  /** `{slug, language, path}`: where an old slug of a visible project leads now; 404 when nowhere. */
  @TokenScope('content:read')
  @Get(':slug/redirect')
  redirect(@Param('slug', slugPipe) slug: string, @LangQuery() lang?: Language) {
    return this.projects.redirect(slug, lang);
  }
}
