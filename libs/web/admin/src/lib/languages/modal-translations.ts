import { useActionNotice } from '../forms/action-notice';
import type { TranslatableRecord } from './site-languages';
import { titleMatches, type TranslationCandidate } from './translations-panel';

/** The candidates among records known by a name (services, testimonials): those whose name contains `term`. */
export const candidatesNamed =
  (term: string) =>
  (rows: Array<TranslatableRecord & { name: string }>): TranslationCandidate[] =>
    rows
      .filter((row) => titleMatches(row.name, term))
      .map(({ id, name, translations }) => ({ id, title: name, translations }));

/**
 * The adapter's `open` of a kind edited in its screen's modal: the version, found among `rows()` (its list
 * as read again after the group changed), is shown in the modal by `edit`, saying `notice` when it was just made.
 */
export function useOpenInModal<R extends { id: number }>(rows: () => R[] | undefined, edit: (record: R) => void) {
  const setMessage = useActionNotice();
  return (id: number, notice?: string) => {
    const version = rows()?.find((each) => each.id === id);
    if (!version) return;
    edit(version);
    if (notice) setMessage({ success: notice });
  };
}
