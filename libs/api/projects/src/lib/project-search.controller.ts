import { Controller, Get, Param } from '@nestjs/common';
import { searchTermSchema } from '@blog/contracts';
import { TokenScope } from '@blog/api/security';
import { ZodValidationPipe } from '@blog/api/http';
import { ProjectSearchService } from './project-search.service';

/** `GET /api/searchProjects/{term}`: the site search's projects, as `GET /api/searchPosts/{term}` answers its posts. */
@Controller()
export class ProjectSearchController {
  constructor(private readonly search: ProjectSearchService) {}

  @TokenScope('content:read')
  @Get('searchProjects/:term')
  find(@Param('term', new ZodValidationPipe(searchTermSchema, 'term')) term: string) {
    return this.search.search(term);
  }
}
