import { Controller, Get, Param } from '@nestjs/common';
import { searchTermSchema, type Language } from '@blog/contracts';
import { TokenScope } from '@blog/api/security';
import { LangQuery, ZodValidationPipe } from '@blog/api/http';
import { ProjectSearchService } from './project-search.service';

/** `GET /api/searchProjects/{term}?lang=`: the site search's projects of one language, as `GET /api/searchPosts/{term}` answers its posts. */
@Controller()
export class ProjectSearchController {
  constructor(private readonly search: ProjectSearchService) {}

  @TokenScope('content:read')
  @Get('searchProjects/:term')
  find(@Param('term', new ZodValidationPipe(searchTermSchema, 'term')) term: string, @LangQuery() lang?: Language) {
    return this.search.search(term, lang);
  }
}
