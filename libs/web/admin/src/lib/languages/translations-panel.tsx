import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Language } from '@blog/contracts';
import { useActionNotice } from '../forms/action-notice';
import { RowAction } from '../forms/row-action';
import { serverMessageOf } from '../forms/server-errors';
import { useDebounced } from '../forms/use-debounced';
import { LEAVE_WARNING } from '../forms/use-unsaved-changes';
import { LABELS } from '../labels';
import { otherLanguagesOf, type TranslatableRecord } from './site-languages';

const labels = LABELS.languages;

/** A record of another language that may be linked as a version: its title (or name) and its own versions. */
export interface TranslationCandidate {
  id: number;
  title: string;
  translations: ReadonlyArray<{ language: Language }>;
}

/**
 * What the panel needs of one kind of record: its doors (`{kind}.translate`, `linkTranslation`,
 * `unlinkTranslation`), the records of a language that may be linked, and how a version is opened: an
 * edit screen's address (`editPath`), or `open` where the kind is edited in place (a modal).
 */
export type TranslationsAdapter = {
  /** The record's word in the panel's sentences: "post", "project", "service", "testimonial". */
  noun: string;
  /** What the candidates are found by: "title" or "name". */
  searchBy: string;
  /** Said once a version is made by `translate`: a draft, or hidden. */
  created: (language: Language) => string;
  translate: (input: { id: number; language: Language }) => Promise<{ id: number }>;
  link: (input: { id: number; translation_id: number }) => Promise<unknown>;
  unlink: (input: { id: number }) => Promise<unknown>;
  /** A hook: the records of `language` whose title (or name) matches `term` ('' for all). */
  useCandidates: (language: Language, term: string) => { data?: TranslationCandidate[] };
  /** Reads the records again after their group changed. */
  refresh: () => Promise<unknown>;
} & ({ editPath: (id: number) => string } | { open: (id: number, notice?: string) => void });

/**
 * The edit screen's Translations: for each other language the site runs (and any other a version is
 * already written in), the linked version (its title, state, Edit and Unlink), or the two ways to give it one:
 * a version made from this record (`translate`, then opened), or a record of that language linked to it
 * (`link`). A refusal is said in the action notice, naming why.
 */
export function TranslationsPanel({
  record,
  adapter,
  siteLanguages,
  unsaved,
}: {
  record: TranslatableRecord;
  adapter: TranslationsAdapter;
  siteLanguages: Language[];
  /** The form has changes not saved: opening the new version asks first, as leaving by a link does. */
  unsaved: boolean;
}) {
  const headingId = useId();
  const others = otherLanguagesOf(record, siteLanguages);
  if (others.length === 0) return null;
  return (
    <section className="admin-fieldset" aria-labelledby={headingId}>
      <h2 id={headingId}>{labels.translations}</h2>
      <ul className="admin-translations">
        {others.map((language) => (
          <TranslationLine key={language} record={record} adapter={adapter} language={language} unsaved={unsaved} />
        ))}
      </ul>
    </section>
  );
}

function TranslationLine({
  record,
  adapter,
  language,
  unsaved,
}: {
  record: TranslatableRecord;
  adapter: TranslationsAdapter;
  language: Language;
  unsaved: boolean;
}) {
  const navigate = useNavigate();
  const setMessage = useActionNotice();
  const [busy, setBusy] = useState(false);
  const [linking, setLinking] = useState(false);
  const version = record.translations.find((each) => each.language === language);
  const name = labels.inSentence[language];

  /**
   * Runs a change of the group; the records (and the lists' states) are read again after it. `work` answers
   * what to say then, or what to do (open the new version, whose screen says so).
   */
  const run = async (work: () => Promise<string | (() => void)>) => {
    setMessage({});
    setBusy(true);
    try {
      const after = await work();
      await adapter.refresh();
      if (typeof after === 'function') after();
      else setMessage({ success: after });
    } catch (failure) {
      setMessage({ error: serverMessageOf(failure) });
    } finally {
      setBusy(false);
    }
  };

  /** Opens the version just made, whose screen says so. */
  const openNew = (id: number) => {
    const notice = adapter.created(language);
    if ('editPath' in adapter) navigate(adapter.editPath(id), { state: { saved: notice } });
    else adapter.open(id, notice);
  };

  if (version) {
    return (
      <li>
        <span className="admin-label">{name}</span> <span lang={version.language}>{version.title}</span>{' '}
        <span className="admin-publication-state">{labels.states[version.state]}</span>
        <span className="admin-actions">
          {'editPath' in adapter ? (
            <Link
              className="admin-button"
              to={adapter.editPath(version.id)}
              aria-label={`${labels.edit} ${version.title}`}
            >
              {labels.edit}
            </Link>
          ) : (
            <RowAction
              label={labels.edit}
              subject={version.title}
              onClick={() => {
                if (unsaved && !window.confirm(LEAVE_WARNING)) return;
                adapter.open(version.id);
              }}
            />
          )}
          <RowAction
            label={labels.unlink}
            subject={version.title}
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await adapter.unlink({ id: version.id });
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
          disabled={busy}
          onClick={() => {
            if (unsaved && !window.confirm(LEAVE_WARNING)) return;
            void run(async () => {
              const created = await adapter.translate({ id: record.id, language });
              return () => openNew(created.id);
            });
          }}
        >
          {labels.create(language)}
        </button>
        <button type="button" className="admin-button" aria-expanded={linking} onClick={() => setLinking(!linking)}>
          {labels.linkExisting(adapter.noun)}
        </button>
      </span>
      {linking && (
        <LinkExisting
          record={record}
          adapter={adapter}
          language={language}
          onLink={(candidate) =>
            run(async () => {
              await adapter.link({ id: record.id, translation_id: candidate.id });
              setLinking(false);
              return labels.linked(candidate.title);
            })
          }
        />
      )}
    </li>
  );
}

/** The records of `language` that may be linked to `record`: those without a version in its language yet, found by title or name. */
function LinkExisting({
  record,
  adapter,
  language,
  onLink,
}: {
  record: TranslatableRecord;
  adapter: TranslationsAdapter;
  language: Language;
  onLink: (candidate: TranslationCandidate) => Promise<void>;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  // Asked once typing pauses, not on every key.
  const term = useDebounced(q.trim());
  const found = adapter.useCandidates(language, term);
  const candidates = (found.data ?? []).filter(
    (candidate) => !candidate.translations.some((version) => version.language === record.language),
  );
  return (
    <div className="admin-field">
      <label htmlFor={id}>{labels.find(language, adapter.noun, adapter.searchBy)}</label>
      <input id={id} type="search" value={q} onChange={(event) => setQ(event.target.value)} />
      {found.data && candidates.length === 0 ? (
        <p className="admin-field-hint">{labels.noCandidate(language, adapter.noun)}</p>
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

/** Whether `title` contains `term`, whatever the case: the candidates of a kind whose list is searched here. */
export const titleMatches = (title: string, term: string) =>
  title.toLocaleLowerCase('vi').includes(term.toLocaleLowerCase('vi'));
