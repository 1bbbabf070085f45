import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string;
  required?: boolean;
  /** Help shown under the input and read with it. */
  hint?: ReactNode;
}

/** A labelled input with its error message, linked for assistive technology. */
export function Field({ label, error, required, hint, id, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="admin-field">
      <label htmlFor={inputId}>
        {label}
        {required && (
          <span className="admin-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        aria-required={required || undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className="admin-field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="admin-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
