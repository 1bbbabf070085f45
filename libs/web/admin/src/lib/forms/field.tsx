import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldFrame {
  label: ReactNode;
  error?: string;
  required?: boolean;
  /** Help shown under the input and read with it. */
  hint?: ReactNode;
}

export type FieldProps = FieldFrame & InputHTMLAttributes<HTMLInputElement>;
export type TextAreaFieldProps = FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>;
export type SelectFieldProps = FieldFrame & SelectHTMLAttributes<HTMLSelectElement>;

/** A labelled input with its error message, linked for assistive technology. */
export function Field({ label, error, required, hint, id, ...input }: FieldProps) {
  return (
    <LabelledControl label={label} error={error} required={required} hint={hint} id={id}>
      {(control) => <input {...control} {...input} />}
    </LabelledControl>
  );
}

/** A labelled text area (several lines), as `Field`. */
export function TextAreaField({ label, error, required, hint, id, ...textarea }: TextAreaFieldProps) {
  return (
    <LabelledControl label={label} error={error} required={required} hint={hint} id={id}>
      {(control) => <textarea rows={4} {...control} {...textarea} />}
    </LabelledControl>
  );
}

/** A labelled select (its options as children), as `Field`. */
export function SelectField({ label, error, required, hint, id, children, ...select }: SelectFieldProps) {
  return (
    <LabelledControl label={label} error={error} required={required} hint={hint} id={id}>
      {(control) => (
        <select {...control} {...select}>
          {children}
        </select>
      )}
    </LabelledControl>
  );
}

/** The label, hint and error around one control, and the attributes that link them to it. */
function LabelledControl({
  label,
  error,
  required,
  hint,
  id,
  children,
}: FieldFrame & {
  id?: string;
  children: (control: {
    id: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
    'aria-required'?: true;
  }) => ReactNode;
}) {
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
      {children({
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        'aria-required': required || undefined,
      })}
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
