import { Link, useSearchParams } from 'react-router-dom';
import { projectPath, SEARCH_TERM_MAX_LENGTH, type ProjectCard } from '@blog/contracts';
import { trpc, type PagePrefetch } from '@blog/web/data';
import { Banner, PostGrid } from '@blog/web/ui';
import bannerImage from '../../assets/banner.webp';
import { PageHead } from '../head/page-head';
import { PublicLayout } from '../layout/public-layout';
import { QueryStatus } from './query-status';
import './pages.css';

/** "3 results found for “hà giang”". */
export function resultsHeading(count: number, term: string): string {
  const found = count === 0 ? 'No results' : count === 1 ? '1 result' : `${count} results`;
  return `${found} found for “${term}”`;
}

/** The text searched for, as the page reads it from `?key=`. */
export function searchTermOf(params: URLSearchParams): string {
  return (params.get('key') ?? '').trim().slice(0, SEARCH_TERM_MAX_LENGTH);
}

export const prefetchSearchPage: PagePrefetch = (utils, { search }) => {
  const term = searchTermOf(search);
  return term ? [utils.posts.search.prefetch({ term }), utils.projects.search.prefetch({ term })] : [];
};

/** "2021–2023", or the one year. */
function yearsOf(project: ProjectCard): string {
  return project.year_to && project.year_to !== project.year_from
    ? `${project.year_from}–${project.year_to}`
    : String(project.year_from);
}

/** The projects of the portfolio matching the search, each a link to its case study. */
function ProjectResults({ projects }: { projects: ProjectCard[] }) {
  return (
    <section className="search-projects" aria-labelledby="search-projects-heading">
      <h3 id="search-projects-heading" className="search-projects__heading">
        Projects
      </h3>
      <ul className="search-projects__list">
        {projects.map((project) => (
          <li key={project.id} className="search-projects__item">
            <h4 className="search-projects__title">
              <Link to={projectPath(project.slug)}>{project.title}</Link>
            </h4>
            <p className="search-projects__facts">
              {[project.client_name, yearsOf(project)].filter(Boolean).join(' · ')}
            </p>
            {project.summary && <p className="search-projects__summary">{project.summary}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `/search?key={text}`: the posts matching the text, best first, then the matching projects. */
export function SearchPage() {
  const [params] = useSearchParams();
  const term = searchTermOf(params);
  const results = trpc.posts.search.useQuery({ term }, { enabled: term.length > 0 });
  const projects = trpc.projects.search.useQuery({ term }, { enabled: term.length > 0 });
  return (
    <PublicLayout>
      {/* Search results are not pages of their own for search engines (robots.txt agrees). */}
      <PageHead
        title={term ? `Search results for ${term}` : 'Search'}
        path={term ? `/search?${new URLSearchParams({ key: term })}` : '/search'}
        noIndex
      />
      <Banner image={bannerImage}>
        <h1>Search results</h1>
      </Banner>
      <div className="container page-section">
        {!term ? (
          <p className="page-message">Type a word in the search box to find posts.</p>
        ) : (
          <>
            <QueryStatus query={results} what="The search results" />
            {/* One spinner at a time: the projects' once the posts are there. */}
            {results.data && <QueryStatus query={projects} what="The matching projects" />}
            {results.data && projects.data && (
              <>
                <h2 className="search-heading" aria-live="polite">
                  {resultsHeading(results.data.length + projects.data.length, term)}
                </h2>
                {results.data.length > 0 && <PostGrid posts={results.data} columns={3} titleAs="h3" eagerCount={3} />}
                {projects.data.length > 0 && <ProjectResults projects={projects.data} />}
                {results.data.length + projects.data.length === 0 && (
                  <p className="page-message">Try another word, or fewer words.</p>
                )}
              </>
            )}
          </>
        )}
      </div>
    </PublicLayout>
  );
}
