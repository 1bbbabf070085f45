import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { SEARCH_TERM_MAX_LENGTH } from '@blog/contracts';
import { useLocalPath, useT } from '../i18n/language-context';
import { SearchIcon } from './icons';

/** `/search?key=ha+giang`: the address of the results for `term` (spaces as plus signs), in the page's language by `local`. */
export function searchHref(term: string, local: (path: string) => string = (path) => path): string {
  return `${local('/search')}?${new URLSearchParams({ key: term.trim() })}`;
}

/**
 * The header's search box. Without JavaScript it is a plain GET form to /search?key=…; with it,
 * the router navigates there. Blank text goes nowhere (spec: the search text is required).
 */
export function SearchBox({ onSearch }: { onSearch?: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [term, setTerm] = useState(() => params.get('key') ?? '');
  const t = useT();
  const local = useLocalPath();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!term.trim()) {
      setTerm('');
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    navigate(searchHref(term, local));
    onSearch?.();
  };

  return (
    <form className="search-box" role="search" action={local('/search')} method="get" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>
        {t('layout.searchLabel')}
      </label>
      <input
        id={id}
        type="search"
        name="key"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder={t('layout.searchPlaceholder')}
        required
        maxLength={SEARCH_TERM_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit">
        <SearchIcon />
        <span className="visually-hidden">{t('layout.search')}</span>
      </button>
    </form>
  );
}
