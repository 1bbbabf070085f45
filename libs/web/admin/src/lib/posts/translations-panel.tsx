import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { AdminPost, Language } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { useActionNotice } from '../forms/action-notice';
import { RowAction } from '../forms/row-action';
import { LEAVE_WARNING } from '../forms/use-unsaved-changes';
import { LABELS } from '../labels';
import { serverMessageOf } from '../forms/server-errors';
import { useDebounced } from '../forms/use-debounced';
import { otherLanguagesOf } from '../languages/site-languages';

const labels = LABELS.languages;

/**
 * The edit screen's Translations: for each other language the site runs (and any other a version is
 * already written in), the linked version (its title, state, Edit and Unlink), or the two ways to give it one:
 * a draft made from this post (`posts.translate`, then opened), or a post of that language linked to it
 * (`posts.linkTranslation`). A refusal is said in the action notice, naming why.
 */
export function TranslationsPanel({
  post,
  siteLanguages,
  unsaved,
}: {
  post: AdminPost;
  siteLanguages: Language[];
  /** The form has changes not saved: opening the new draft asks first, as leaving by a link does. */
  unsaved: boolean;
}) {
  const others = otherLanguagesOf(post, siteLanguages);
  if (others.length === 0) return null;
  return (
    <section className="admin-fieldset" aria-labelledby="post-translations">
      <h2 id="post-translations">{labels.translations}</h2>
      <ul className="admin-translations">
        {others.map((language) => (
          <TranslationLine key={language} post={post} language={language} unsaved={unsaved} />
        ))}
      </ul>
    </section>
  );
}

function TranslationLine({ post, language, unsaved }: { post: AdminPost; language: Language; unsaved: boolean }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const setMessage = useActionNotice();
  const translate = trpc.posts.translate.useMutation();
  const link = trpc.posts.linkTranslation.useMutation();
  const unlink = trpc.posts.unlinkTranslation.useMutation();
  const [linking, setLinking] = useState(false);
  const version = post.translations.find((each) => each.language === language);
  const name = labels.inSentence[language];

  /** Runs a change of the group; the post (and the list's states) are read again after it. */
  const run = async (work: () => Promise<string | undefined>) => {
    setMessage({});
    try {
      const success = await work();
      await utils.posts.invalidate();
      // A new draft's screen says so itself (`useArrivalNotice`).
      if (success) setMessage({ success });
    } catch (failure) {
      setMessage({ error: serverMessageOf(failure) });
    }
  };

  if (version) {
    return (
      <li>
        <span className="admin-label">{name}</span> <span lang={version.language}>{version.title}</span>{' '}
        <span className="admin-publication-state">{labels.states[version.state]}</span>
        <span className="admin-actions">
          <Link
            className="admin-button"
            to={`/admin/edit-post/${version.id}`}
            aria-label={`${labels.edit} ${version.title}`}
          >
            {labels.edit}
          </Link>
          <RowAction
            label={labels.unlink}
            subject={version.title}
            onClick={() =>
              void run(async () => {
                await unlink.mutateAsync({ id: version.id });
                return labels.unlinked(version.title);
              })
            }
          />
        </span>
      </li>
    );
  }
  return (
    <li>
      <span className="admin-label">{name}</span>{' '}
      <span className="admin-actions">
        <button
          type="button"
          className="admin-button"
          disabled={translate.isPending}
          onClick={() => {
            if (unsaved && !window.confirm(LEAVE_WARNING)) return;
            void run(async () => {
              const created = await translate.mutateAsync({ id: post.id, language });
              navigate(`/admin/edit-post/${created.id}`, { state: { saved: labels.created(language) } });
              return undefined;
            });
          }}
        >
          {labels.create(language)}
        </button>
        <button type="button" className="admin-button" aria-expanded={linking} onClick={() => setLinking(!linking)}>
          {labels.linkExisting}
        </button>
      </span>
      {linking && (
        <LinkExisting
          post={post}
          language={language}
          onLink={(candidate) =>
            run(async () => {
              await link.mutateAsync({ id: post.id, translation_id: candidate.id });
              setLinking(false);
              return labels.linked(candidate.title);
            })
          }
        />
      )}
    </li>
  );
}

/** The posts of `language` that may be linked to `post`: those without a version in its language yet, found by title. */
function LinkExisting({
  post,
  language,
  onLink,
}: {
  post: AdminPost;
  language: Language;
  onLink: (candidate: { id: number; title: string }) => Promise<void>;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  // Asked once typing pauses, not on every key.
  const term = useDebounced(q.trim());
  const found = trpc.posts.adminList.useQuery(
    { language, ...(term ? { q: term } : {}) },
    { placeholderData: keepPreviousData },
  );
  const candidates = (found.data?.rows ?? []).filter(
    (row) => !row.translations.some((version) => version.language === post.language),
  );
  return (
    <div className="admin-field">
      <label htmlFor={id}>{labels.findPost(language)}</label>
      <input id={id} type="search" value={q} onChange={(event) => setQ(event.target.value)} />
      {found.data && candidates.length === 0 ? (
        <p className="admin-field-hint">{labels.noCandidate(language)}</p>
      ) : (
        <ul>
          {candidates.map((candidate) => (
            <li key={candidate.id}>
              <span lang={language}>{candidate.title}</span>{' '}
              <RowAction label={labels.link} subject={candidate.title} onClick={() => void onLink(candidate)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
