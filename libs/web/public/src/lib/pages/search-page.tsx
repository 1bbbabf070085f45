import { Link, useSearchParams } from 'react-router-dom';
import { projectPath, SEARCH_TERM_MAX_LENGTH, type ProjectCard } from '@blog/contracts';
import { trpc, type PagePrefetch } from '@blog/web/data';
import { Banner, PostGrid } from '@blog/web/ui';
import bannerImage from '../../assets/banner.webp';
import { PageHead } from '../head/page-head';
import { PublicLayout } from '../layout/public-layout';
import { useLocalPath, useReadLanguage, useT } from '../i18n/language-context';
import { LanguageSwitcher } from '../i18n/language-switcher';
import { usePathTranslations } from '../i18n/site-languages';
import { QueryStatus } from './query-status';
import './pages.css';

/** The text searched for, as the page reads it from `?key=`. */
export function searchTermOf(params: URLSearchParams): string {
  return (params.get('key') ?? '').trim().slice(0, SEARCH_TERM_MAX_LENGTH);
}

export const prefetchSearchPage: PagePrefetch = (utils, { search, lang }) => {
  const term = searchTermOf(search);
  return term ? [utils.posts.search.prefetch({ term, lang }), utils.projects.search.prefetch({ term, lang })] : [];
};

/** "2021–2023", or the one year. */
function yearsOf(project: ProjectCard): string {
  return project.year_to && project.year_to !== project.year_from
    ? `${project.year_from}–${project.year_to}`
    : String(project.year_from);
}

/** The projects of the portfolio matching the search, each a link to its case study. */
function ProjectResults({ projects }: { projects: ProjectCard[] }) {
  const t = useT();
  const local = useLocalPath();
  return (
    <section className="search-projects" aria-labelledby="search-projects-heading">
      <h3 id="search-projects-heading" className="search-projects__heading">
        {t('search.projects')}
      </h3>
      <ul className="search-projects__list">
        {projects.map((project) => (
          <li key={project.id} className="search-projects__item">
            <h4 className="search-projects__title">
              <Link to={local(projectPath(project.slug))}>{project.title}</Link>
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
  const results = trpc.posts.search.useQuery({ term, lang: useReadLanguage() }, { enabled: term.length > 0 });
  const projects = trpc.projects.search.useQuery({ term, lang: useReadLanguage() }, { enabled: term.length > 0 });
  const t = useT();
  const path = term ? `/search?${new URLSearchParams({ key: term })}` : '/search';
  // The same search in the site's other languages, for the switcher only: search pages have no hreflang.
  const searchedIn = usePathTranslations(path);
  return (
    <PublicLayout>
      {/* Search results are not pages of their own for search engines (robots.txt agrees). */}
      <PageHead title={term ? t('search.titleFor', { term }) : t('search.title')} path={path} noIndex />
      <Banner image={bannerImage}>
        <h1>{t('search.heading')}</h1>
      </Banner>
      <div className="container page-section">
        <LanguageSwitcher translations={searchedIn} />
        {!term ? (
          <p className="page-message">{t('search.typeAWord')}</p>
        ) : (
          <>
            <QueryStatus query={results} what={t('status.searchResults')} />
            {/* One spinner at a time: the projects' once the posts are there. */}
            {results.data && <QueryStatus query={projects} what={t('status.matchingProjects')} />}
            {results.data && projects.data && (
              <>
                <h2 className="search-heading" aria-live="polite">
                  {t('search.found', { count: results.data.length + projects.data.length, term })}
                </h2>
                {results.data.length > 0 && <PostGrid posts={results.data} columns={3} titleAs="h3" eagerCount={3} />}
                {projects.data.length > 0 && <ProjectResults projects={projects.data} />}
                {results.data.length + projects.data.length === 0 && (
                  <p className="page-message">{t('search.tryAnother')}</p>
                )}
              </>
            )}
          </>
        )}
      </div>
    </PublicLayout>
  );
}
