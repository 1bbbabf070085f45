import { useEffect, useId, useState } from 'react';
import { PROJECT_RELATED_POSTS_MAX_COUNT } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { LABELS } from '../labels';

const TEXT = LABELS.project.fields;

/** The related posts: chosen by a search on their titles, listed by title, each with its Remove button. */
export function RelatedPostsField({
  value,
  onChange,
  error,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  // Searching waits for a pause in typing, as the posts list does.
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const found = trpc.posts.adminList.useQuery({ q, page: 1 }, { enabled: q !== '' });
  const chosen = trpc.useQueries((t) => value.map((postId) => t.posts.adminById({ id: postId })));
  const titleOf = (postId: number, index: number) => chosen[index]?.data?.title ?? `#${postId}`;
  const full = value.length >= PROJECT_RELATED_POSTS_MAX_COUNT;

  return (
    <fieldset className="admin-fieldset">
      <legend>{TEXT.relatedPosts}</legend>
      {value.length > 0 && (
        <ul className="admin-rows">
          {value.map((postId, index) => (
            <li key={postId}>
              <span>{titleOf(postId, index)}</span>
              <button
                type="button"
                className="admin-button admin-button--danger"
                onClick={() => onChange(value.filter((kept) => kept !== postId))}
              >
                {TEXT.relatedRemove(titleOf(postId, index))}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="admin-field">
        <label htmlFor={id}>{TEXT.relatedSearch}</label>
        <input
          id={id}
          type="search"
          value={search}
          disabled={full}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {q !== '' && found.data && (
        <ul className="admin-rows" aria-label={TEXT.relatedSearch}>
          {found.data.rows
            .filter((post) => !value.includes(post.id))
            .map((post) => (
              <li key={post.id}>
                <button
                  type="button"
                  className="admin-button"
                  disabled={full}
                  onClick={() => onChange([...value, post.id])}
                >
                  {TEXT.relatedAdd(post.title)}
                </button>
              </li>
            ))}
        </ul>
      )}
      {error && <p className="admin-field-error">{error}</p>}
    </fieldset>
  );
}
