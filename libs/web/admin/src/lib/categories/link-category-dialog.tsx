import { useId, useState, type FormEvent } from 'react';
import type { Category } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { FormMessage } from '../forms/form-message';
import { Modal } from '../forms/modal';
import { LABELS } from '../labels';
import { serverMessageOf } from '../forms/server-errors';

const labels = LABELS.languages;

/**
 * Pairs `category` with its translation (`categories.linkTranslation`): a category of another language that
 * has no pair in `category`'s language yet. A refusal stays in the dialog, at its top.
 */
export function LinkCategoryDialog({
  category,
  categories,
  onLinked,
  onCancel,
}: {
  category: Category;
  categories: Category[];
  onLinked: (pair: Category) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const utils = trpc.useUtils();
  const link = trpc.categories.linkTranslation.useMutation();
  const taken = new Set(category.translations.map((pair) => pair.language));
  const candidates = categories.filter(
    (other) =>
      other.language !== category.language &&
      !taken.has(other.language) &&
      !other.translations.some((pair) => pair.language === category.language),
  );
  const [chosen, setChosen] = useState(candidates[0]?.id);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const pair = candidates.find((other) => other.id === chosen);
    if (!pair) return;
    setError(null);
    try {
      await link.mutateAsync({ id: category.id, translation_id: pair.id });
      await Promise.all([utils.categories.list.invalidate(), utils.categories.links.invalidate()]);
      onLinked(pair);
    } catch (failure) {
      setError(serverMessageOf(failure));
    }
  };

  return (
    <Modal title={labels.linkTitle(category.name)} onClose={onCancel}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-busy={link.isPending}>
        <FormMessage error={error} />
        {candidates.length === 0 ? (
          <p>{labels.noCategoryToLink}</p>
        ) : (
          <div className="admin-field">
            <label htmlFor={id}>{labels.linkCategory}</label>
            <select id={id} value={chosen} onChange={(event) => setChosen(Number(event.target.value))}>
              {candidates.map((other) => (
                <option key={other.id} value={other.id} lang={other.language}>
                  {`${other.name} (${other.language})`}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="admin-actions">
          <button
            type="submit"
            className="admin-button admin-button--primary"
            disabled={candidates.length === 0 || link.isPending}
          >
            {labels.link}
          </button>
          <button type="button" className="admin-button" onClick={onCancel}>
            {LABELS.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
