import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { POST_STATUS, publicationStateOf, type Language, type Project } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { formatSiteDateTime } from '@blog/web/ui';
import { useActionNotice, useArrivalNotice } from '../forms/action-notice';
import { AdminTable } from '../forms/admin-table';
import { listParamsOf } from '../forms/list-params';
import { QueryView } from '../forms/query-view';
import { RowAction } from '../forms/row-action';
import { LABELS } from '../labels';
import { VersionsCell, withLanguageColumn } from '../languages/language-cell';
import { LanguageFilterFields, languageFiltersOf, type LanguageFilters } from '../languages/language-filters';
import { useSiteLanguages } from '../languages/site-languages';
import { useOrderedRows } from '../ordering/use-ordered-rows';

const TEXT = LABELS.project;

/** Draft, Scheduled for …, Published or Hidden: where a project stands, in the list. */
export function projectStateOf(project: Pick<Project, 'status' | 'published_at'>): string {
  if (project.status === POST_STATUS.hidden) return LABELS.ordering.hidden;
  const state = publicationStateOf(project.published_at);
  if (state === 'draft' || project.published_at === null) return LABELS.post.states.draft;
  if (state === 'scheduled') return `${LABELS.post.states.scheduled} ${formatSiteDateTime(project.published_at)}`;
  return LABELS.post.states.published;
}

/** A project matches a search when its title or client contains it, whatever the case. */
const matches = (project: Project, q: string) =>
  `${project.title}\n${project.client_name}`.toLocaleLowerCase('vi').includes(q.toLocaleLowerCase('vi'));

/**
 * /admin/projects: every project, in the site's order, searched by title or client, moved by drag or
 * keyboard; on a site of two languages, filtered by language and missing translation (in the address bar).
 */
export function ProjectsPage() {
  const [params, setParams] = useSearchParams();
  const filters = languageFiltersOf(params);
  const siteLanguages = useSiteLanguages().data?.languages ?? [];
  const projects = trpc.projects.adminList.useQuery(filters, { staleTime: 0 });
  const [search, setSearch] = useState('');
  const setMessage = useActionNotice();
  const utils = trpc.useUtils();
  const remove = trpc.projects.delete.useMutation();
  // The project form's save, told here where the owner lands.
  useArrivalNotice();

  const deleteProject = async (project: Project) => {
    if (!window.confirm(TEXT.confirmDelete(project.title))) return;
    setMessage({});
    try {
      await remove.mutateAsync({ id: project.id });
      await utils.projects.invalidate();
      setMessage({ success: TEXT.deleted(project.title) });
    } catch (failure) {
      setMessage({ error: (failure as Error).message });
    }
  };

  return (
    <section className="admin-panel">
      <h1>{LABELS.nav.projects}</h1>
      <div className="admin-toolbar">
        <Link to="/admin/add-project" className="admin-button admin-button--primary">
          {TEXT.add}
        </Link>
        <input
          type="search"
          aria-label={TEXT.search}
          placeholder={TEXT.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <LanguageFilterFields
          filters={filters}
          siteLanguages={siteLanguages}
          onChange={(next) => setParams(listParamsOf({ ...next, page: 1 }))}
        />
      </div>
      <QueryView query={projects}>
        {(rows) => (
          <ProjectsTable
            rows={rows}
            q={search.trim()}
            filters={filters}
            siteLanguages={siteLanguages}
            onDelete={(project) => void deleteProject(project)}
          />
        )}
      </QueryView>
    </section>
  );
}

function ProjectsTable({
  rows,
  q,
  filters,
  siteLanguages,
  onDelete,
}: {
  rows: Project[];
  q: string;
  filters: LanguageFilters;
  siteLanguages: Language[];
  onDelete: (project: Project) => void;
}) {
  const utils = trpc.useUtils();
  const reorder = trpc.projects.reorder.useMutation();
  const ordered = useOrderedRows({
    rows,
    nameOf: (project) => project.title,
    // One call stores the whole order: no project gets a new version, revision or webhook for its place.
    save: async (next) => {
      await reorder.mutateAsync({ ids: next.map((project) => project.id) });
      await utils.projects.invalidate();
    },
  });
  const filtered = Boolean(filters.language || filters.missing_translation);
  if (rows.length === 0) return <p>{filtered ? TEXT.noFilterMatch : TEXT.none}</p>;
  // A search or a filter shows some projects only: moving a row is for the whole list.
  const movable = !q && !filtered;
  const shown = q ? ordered.list.filter((project) => matches(project, q)) : ordered.list;
  const bilingual = siteLanguages.length > 1;
  return (
    <>
      {movable && <p className="admin-field-hint">{LABELS.ordering.dragHint}</p>}
      <AdminTable columns={bilingual ? withLanguageColumn(TEXT.columns) : TEXT.columns}>
        {shown.map((project, index) => (
          <tr key={project.id} {...(movable ? ordered.rowProps(index) : {})}>
            <td>{movable ? ordered.moveButtons(index) : project.sort_order}</td>
            <td>{project.title}</td>
            <td>{project.client_name || '—'}</td>
            <td>
              {project.year_to && project.year_to !== project.year_from
                ? `${project.year_from}–${project.year_to}`
                : project.year_from}
            </td>
            <td>{projectStateOf(project)}</td>
            <td>{project.featured ? TEXT.featuredMark : ''}</td>
            {bilingual && (
              <td>
                <VersionsCell record={project} siteLanguages={siteLanguages} />
              </td>
            )}
            <td>
              <div className="admin-actions">
                <Link
                  className="admin-button"
                  to={`/admin/edit-project/${project.id}`}
                  aria-label={`${LABELS.edit} ${project.title}`}
                >
                  {LABELS.edit}
                </Link>
                <RowAction label={LABELS.delete} subject={project.title} danger onClick={() => onDelete(project)} />
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
      {shown.length === 0 && <p>{TEXT.noMatch(q)}</p>}
    </>
  );
}
