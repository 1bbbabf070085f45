import { trpc } from '@blog/web/data';
import { LABELS } from '../labels';
import { formatCount } from '../forms/format';

/**
 * Views of the last `STATS_POST_VIEWS_DAYS` days of the posts `ids`, in one query: a post missing from the
 * answer had none. Undefined while loading or when the statistics cannot be read (the screen works without them).
 */
export function usePostViews(ids: number[]): Map<number, number> | undefined {
  const views = trpc.stats.postViews.useQuery({ ids }, { enabled: ids.length > 0, staleTime: 0 });
  if (!views.data) return undefined;
  const byId = new Map(ids.map((id) => [id, 0]));
  for (const row of views.data) byId.set(row.id, row.views);
  return byId;
}

/** The posts list's cell: the count, or a dash while it is unknown. */
export const postViewsCell = (views: Map<number, number> | undefined, id: number) => {
  const count = views?.get(id);
  return count === undefined ? '—' : formatCount(count);
};

/** The post editor's line under its title: "12 views in the last 30 days". */
export function PostViewsLine({ postId }: { postId: number }) {
  const views = usePostViews([postId])?.get(postId);
  if (views === undefined) return null;
  return <p className="admin-field-hint">{LABELS.stats.postViewsLine(views)}</p>;
}
