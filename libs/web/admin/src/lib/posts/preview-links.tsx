import { useState } from 'react';
import type { PreviewLink } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { formatSiteDateTime } from '@blog/web/ui';
import { useActionNotice } from '../forms/action-notice';
import { serverMessageOf } from '../forms/server-errors';
import { LABELS } from '../labels';

const TEXT = LABELS.post.preview;

/** A private link to read the post as last saved, whatever its state; and the way to end every such link. */
export function PreviewLinks({ postId }: { postId: number }) {
  const create = trpc.posts.createPreview.useMutation();
  const revoke = trpc.posts.revokePreviews.useMutation();
  const [link, setLink] = useState<PreviewLink | null>(null);
  const setMessage = useActionNotice();
  const url = link ? new URL(link.path, window.location.origin).href : null;

  const makeLink = async () => {
    setMessage({});
    try {
      setLink(await create.mutateAsync({ id: postId }));
    } catch (failure) {
      setMessage({ error: serverMessageOf(failure) });
    }
  };
  const endLinks = async () => {
    setMessage({});
    try {
      await revoke.mutateAsync({ id: postId });
      setLink(null);
      setMessage({ success: TEXT.ended });
    } catch (failure) {
      setMessage({ error: serverMessageOf(failure) });
    }
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setMessage({ success: TEXT.copied });
    } catch {
      setMessage({ error: TEXT.copyFailed });
    }
  };

  return (
    <section className="admin-field admin-preview-links" aria-labelledby="post-preview-heading">
      <h2 id="post-preview-heading" className="admin-label">
        {TEXT.heading}
      </h2>
      <p className="admin-field-hint">{TEXT.hint}</p>
      {link && url && (
        <p>
          <a href={url} target="_blank" rel="noreferrer">
            {url}
          </a>{' '}
          ({TEXT.worksUntil} {formatSiteDateTime(link.expires_at)})
        </p>
      )}
      <div className="admin-actions">
        <button type="button" className="admin-button" onClick={() => void makeLink()} disabled={create.isPending}>
          {TEXT.create}
        </button>
        {link && (
          <button type="button" className="admin-button" onClick={() => void copy()}>
            {TEXT.copy}
          </button>
        )}
        <button type="button" className="admin-button" onClick={() => void endLinks()} disabled={revoke.isPending}>
          {TEXT.end}
        </button>
      </div>
    </section>
  );
}
