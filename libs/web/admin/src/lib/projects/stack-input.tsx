import { useId, useState } from 'react';
import { normalizeStackTag, PROJECT_STACK_MAX_COUNT } from '@blog/contracts';
import { LABELS } from '../labels';

const TEXT = LABELS.project.fields;

/**
 * The stack as tags: typed in one text box (Enter or a comma adds the tag, normalised as the server
 * stores it), each shown with its own Remove button.
 */
export function StackInput({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const add = () => {
    const tag = normalizeStackTag(draft.replace(/,/g, ''));
    if (tag && !value.includes(tag) && value.length < PROJECT_STACK_MAX_COUNT) onChange([...value, tag]);
    setDraft('');
  };
  return (
    <div className="admin-field">
      <label htmlFor={id}>{TEXT.stack}</label>
      {value.length > 0 && (
        <ul className="admin-rows admin-tags" aria-label={TEXT.stack}>
          {value.map((tag) => (
            <li key={tag}>
              <span className="admin-tag">{tag}</span>
              <button
                type="button"
                className="admin-link-button"
                aria-label={TEXT.removeTag(tag)}
                onClick={() => onChange(value.filter((kept) => kept !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="admin-actions">
        <input
          id={id}
          value={draft}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ',') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="admin-button" onClick={add}>
          {TEXT.addTag}
        </button>
      </div>
      <p id={`${id}-hint`} className="admin-field-hint">
        {TEXT.stackHint}
      </p>
      {error && (
        <p id={`${id}-error`} className="admin-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
