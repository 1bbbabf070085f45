import { useParams } from 'react-router-dom';
import { isNotFoundError, trpc } from '@blog/web/data';
import { useArrivalNotice } from '../forms/action-notice';
import { QueryView } from '../forms/query-view';
import { LABELS } from '../labels';
import { useSiteLanguages } from '../languages/site-languages';
import { ProjectForm } from './project-form';

/** /admin/add-project */
export function AddProjectPage() {
  const site = useSiteLanguages();
  return (
    <section className="admin-panel">
      <h1>{LABELS.project.addTitle}</h1>
      <QueryView query={site}>{(languages) => <ProjectForm site={languages} />}</QueryView>
    </section>
  );
}

/** /admin/edit-project/{id} */
export function EditProjectPage() {
  const id = Number(useParams()['id']);
  // A translation made on another project's screen opens here, saying so.
  useArrivalNotice();
  const valid = Number.isInteger(id) && id > 0;
  const site = useSiteLanguages();
  const project = trpc.projects.adminById.useQuery({ id }, { enabled: valid, staleTime: 0 });
  return (
    <section className="admin-panel">
      <h1>{LABELS.project.editTitle}</h1>
      {!valid || isNotFoundError(project.error) ? (
        <p role="alert">{LABELS.project.missing}</p>
      ) : (
        <QueryView query={site}>
          {(languages) => (
            <QueryView query={project}>
              {(found) => <ProjectForm key={found.id} project={found} site={languages} />}
            </QueryView>
          )}
        </QueryView>
      )}
    </section>
  );
}
