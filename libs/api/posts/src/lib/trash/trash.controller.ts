import { trashController } from '@blog/api/http';
import { TrashService } from './trash.service';

/** The trash of posts, under `/api/trash/posts`: administrators only. `DELETE /api/posts/{id}` puts a post here. */
export const TrashController = trashController('posts', TrashService);
