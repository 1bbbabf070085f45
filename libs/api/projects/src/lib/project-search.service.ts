import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { PROJECT_CARD_FIELDS, SEARCH_RESULTS_LIMIT, type Language, type ProjectCard } from '@blog/contracts';
import { prefixTsQuerySql, ProjectEntity, toPrefixTsQuery, visibleProjectSql } from '@blog/api/data';
import { SiteLanguages } from '@blog/api/core';

/**
 * The visible projects matching a search, best first, as cards: their words (title, client, stack,
 * summary, case study) are in `search_vector` (migration ProjectSearch1795790000000), accents folded
 * as the posts' are. Ties go to the owner's order. A portfolio holds tens of projects, not thousands:
 * every match is ranked. Parameters: $1 the `toPrefixTsQuery` text, $2 how many at most, $3 the language.
 */
const SEARCH_SQL = `
  SELECT ${PROJECT_CARD_FIELDS.map((column) => `project.${column}`).join(', ')}
  FROM projects project
  WHERE ${visibleProjectSql('project')} AND project.language = $3 AND project.search_vector @@ ${prefixTsQuerySql('$1')}
  ORDER BY ts_rank(project.search_vector, ${prefixTsQuerySql('$1')}) DESC, project.sort_order, project.id DESC
  LIMIT $2`;

/** The site search over the portfolio, beside the posts' (`PostsService.search`). */
@Injectable()
export class ProjectSearchService {
  constructor(
    @InjectRepository(ProjectEntity) private readonly projects: Repository<ProjectEntity>,
    private readonly languages: SiteLanguages,
  ) {}

  /** The projects of `lang` (else the site's default language) matching `term`. */
  async search(term: string, lang?: Language): Promise<ProjectCard[]> {
    const language = await this.languages.ofRead(lang);
    const tsquery = toPrefixTsQuery(term);
    if (!tsquery) return [];
    return this.projects.query(SEARCH_SQL, [tsquery, SEARCH_RESULTS_LIMIT, language]);
  }
}
