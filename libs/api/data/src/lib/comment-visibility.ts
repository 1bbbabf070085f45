/**
 * Whether the comment `alias` is shown under its post: approved, and a top-level comment or the reply
 * to a shown top-level one (replies go one level deep; a reply whose comment was trashed is not shown). The one rule of the thread,
 * of the count on the post's cards, and of what the rendered-page store digests.
 */
export const shownCommentSql = (alias = 'comment') =>
  `(${alias}.state = 'approved' AND (${alias}.parent_id IS NULL OR EXISTS (
     SELECT 1 FROM comments shown_parent WHERE shown_parent.id = ${alias}.parent_id AND shown_parent.state = 'approved'
       AND shown_parent.parent_id IS NULL)))`;
