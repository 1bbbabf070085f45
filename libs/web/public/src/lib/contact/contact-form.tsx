import { useEffect, useId, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactMessageInputSchema, type ContactMessage, type ContactMessageInput } from '@blog/contracts';
import { fieldErrorsOf, trpc } from '@blog/web/data';
import { Spinner } from '@blog/web/ui';
import { FAILURE_MESSAGE, REFUSED_MESSAGE, SUCCESS_BANNER_MS, SUCCESS_MESSAGE } from './contact-messages';
import './contact-form.css';

const FIELDS = ['name', 'email', 'phone', 'message'] as const;

const emptyForm: ContactMessageInput = { name: '', email: '', phone: '', message: '' };

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  required?: boolean;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => React.ReactNode;
}

function Field({ id, label, error, required = false, children }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="contact-form__field">
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="contact-form__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="contact-form__optional"> (optional)</span>
        )}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p className="contact-form__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The contact form (home and contact pages): name, e-mail, phone and message, checked with the
 * same schema as the server. Sending shows a spinner over the form; success a green banner for 7
 * seconds and an empty form; a failure says so and keeps what was typed.
 */
export function ContactForm() {
  const id = useId();
  const send = trpc.contact.send.useMutation();
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(contactMessageInputSchema),
    defaultValues: emptyForm,
  });

  useEffect(() => {
    if (sentAt === null) return;
    const timer = setTimeout(() => setSentAt(null), SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [sentAt]);

  const onSubmit = handleSubmit(async (message) => {
    setSentAt(null);
    setFailure(null);
    try {
      await send.mutateAsync(message);
    } catch (error) {
      // The server's own checks name the fields they refused: each is shown beside its field.
      const refused = fieldErrorsOf(error).filter(({ field }) => (FIELDS as readonly string[]).includes(field));
      for (const { field, message: reason } of refused) {
        setError(field as FieldPath<ContactMessageInput>, { type: 'server', message: reason });
      }
      setFailure(refused.length > 0 ? REFUSED_MESSAGE : FAILURE_MESSAGE);
      return;
    }
    reset(emptyForm);
    setSentAt(Date.now());
  });

  const sending = send.isPending;
  return (
    <form className="contact-form" onSubmit={onSubmit} noValidate aria-busy={sending} aria-label="Contact form">
      {sending && <Spinner variant="overlay" label="Sending your message…" />}
      <div className="contact-form__row">
        <Field id={`${id}-name`} label="Name" error={errors.name?.message} required>
          {(props) => <input {...props} {...register('name')} type="text" autoComplete="name" required />}
        </Field>
        <Field id={`${id}-email`} label="Email" error={errors.email?.message} required>
          {(props) => <input {...props} {...register('email')} type="email" autoComplete="email" required />}
        </Field>
      </div>
      <Field id={`${id}-phone`} label="Phone" error={errors.phone?.message}>
        {(props) => <input {...props} {...register('phone')} type="tel" autoComplete="tel" />}
      </Field>
      <Field id={`${id}-message`} label="Message" error={errors.message?.message} required>
        {(props) => <textarea {...props} {...register('message')} rows={4} required />}
      </Field>
      {/* Always in the page, so that screen readers announce the message when it appears. */}
      <p
        className={sentAt !== null ? 'contact-form__banner contact-form__banner--success' : 'visually-hidden'}
        role="status"
        aria-live="polite"
      >
        {sentAt !== null ? SUCCESS_MESSAGE : ''}
      </p>
      {failure && (
        <p className="contact-form__banner contact-form__banner--error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="ui-button" disabled={sending}>
        {sending ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
