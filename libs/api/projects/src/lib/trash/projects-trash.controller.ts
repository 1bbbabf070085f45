import { trashController } from '@blog/api/http';
import { ProjectsTrashService } from './projects-trash.service';

/** The trash of projects, under `/api/trash/projects`: administrators only. `DELETE /api/admin/projects/{id}` puts a project here. */
export const ProjectsTrashController = trashController('projects', ProjectsTrashService);
