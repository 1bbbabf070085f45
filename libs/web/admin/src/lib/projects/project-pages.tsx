import { useParams } from 'react-router-dom';
import { isNotFoundError, trpc } from '@blog/web/data';
import { QueryView } from '../forms/query-view';
import { LABELS } from '../labels';
import { ProjectForm } from './project-form';

/** /admin/add-project */
export function AddProjectPage() {
  return (
    <section className="admin-panel">
      <h1>{LABELS.project.addTitle}</h1>
      <ProjectForm />
    </section>
  );
}

/** /admin/edit-project/{id} */
export function EditProjectPage() {
  const id = Number(useParams()['id']);
  const valid = Number.isInteger(id) && id > 0;
  const project = trpc.projects.adminById.useQuery({ id }, { enabled: valid, staleTime: 0 });
  return (
    <section className="admin-panel">
      <h1>{LABELS.project.editTitle}</h1>
      {!valid || isNotFoundError(project.error) ? (
        <p role="alert">{LABELS.project.missing}</p>
      ) : (
        <QueryView query={project}>{(found) => <ProjectForm key={found.id} project={found} />}</QueryView>
      )}
    </section>
  );
}
