import { createContext, useContext, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  CONTACT_FIELDS,
  CONTACT_FORM_ID,
  CONTACT_SENT_PARAM,
  INQUIRY_FIELDS,
  INQUIRY_QUERY,
  inquiryTopicPath,
  type ContactField,
  type ContactFormState,
  type ContactMessageInput,
  type FieldError,
} from '@blog/contracts';
import { fieldErrorsOf, isTooManyRequests, retryAfterOf, trpc } from '@blog/web/data';
import { isChunkLoadError, Spinner } from '@blog/web/ui';
import { sendConversion } from '../tags/gtag';
import { useLocalPath, usePageLanguage, useT } from '../i18n/language-context';
import { SERVER_MESSAGES_LANGUAGE, type Translate } from '../i18n/i18n';
import { contactMessagesOf, SUCCESS_BANNER_MS } from './contact-messages';
import type { Inquiry } from './use-inquiry';
import './contact-form.css';

const FIELDS = CONTACT_FIELDS;
type FieldName = ContactField;
type FieldErrors = Partial<Record<FieldName, string>>;

const isFieldName = (field: string): field is FieldName => (FIELDS as readonly string[]).includes(field);

/**
 * Each field's first error. The server and the page's check word them in English: a page in another
 * language says its own `checkField` instead.
 */
function errorsByField(list: FieldError[], checkField?: string): FieldErrors {
  const byField: FieldErrors = {};
  for (const { field, message } of list) if (isFieldName(field)) byField[field] ??= checkField ?? message;
  return byField;
}

/**
 * The form as it was sent without JavaScript and refused, which the server renders the page with
 * (and puts in the page's state, so that the browser hydrates the same form); null otherwise.
 */
export const ContactFormStateContext = createContext<ContactFormState | null>(null);

/** What the failure banner says about a form the server refused (see `failureMessageOf`). */
function refusalMessageOf({ refusal, retryAfterSeconds }: ContactFormState, t: Translate): string {
  const messages = contactMessagesOf(t);
  if (refusal === 'tooMany') return messages.tooMany(retryAfterSeconds || undefined);
  return refusal === 'invalid' ? messages.refused : messages.failure;
}

/** `?sent=1`, the address the server sends the browser back to after a form sent without JavaScript. */
const hasSentFlag = (search: string) => new URLSearchParams(search).has(CONTACT_SENT_PARAM);

/** The validation (zod) is fetched when the form is first used, not with the page. */
const loadValidation = () => import('./contact-validation');

/**
 * The form's values checked in the page, or sent as typed when the check's chunk cannot be fetched
 * (offline, or a deploy replaced it): the server applies the same rule and names the fields it
 * refuses, so the form never stops working for want of its chunk.
 */
async function checkInPage(values: Record<string, FormDataEntryValue>) {
  try {
    return (await loadValidation()).validateContactMessage(values);
  } catch (error) {
    if (!isChunkLoadError(error)) throw error;
    return { message: values as ContactMessageInput, errors: undefined };
  }
}

interface FieldProps {
  id: string;
  label: string;
  /** " (optional)" in the page's words. */
  optional: string;
  error?: string;
  required?: boolean;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

function Field({ id, label, optional, error, required = false, children }: FieldProps) {
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
          <span className="contact-form__optional">{optional}</span>
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

/** What the failure banner says about a refused or failed send. */
function failureMessageOf(error: unknown, refusedFields: boolean, t: Translate): string {
  const messages = contactMessagesOf(t);
  if (isTooManyRequests(error)) return messages.tooMany(retryAfterOf(error));
  return refusedFields ? messages.refused : messages.failure;
}

/**
 * The address that names the inquiry (`?project=homestay&from=…`): a refused form comes back to it.
 * The plain form sent from its own page keeps a bare address (nothing typed or chosen goes into it).
 */
function inquirySearch({ topic, from }: Inquiry, pathname: string): string {
  const query = new URLSearchParams(topic ? { [topic.kind]: topic.slug } : {});
  if (topic || from !== pathname) query.set(INQUIRY_QUERY.from, from);
  const search = query.toString();
  return search ? `?${search}` : '';
}

/** What the message is about, with a link to its page and one that takes the topic away. */
function InquiryTopic({ topic, from }: Inquiry & { topic: NonNullable<Inquiry['topic']> }) {
  const t = useT();
  const local = useLocalPath();
  return (
    <p className="contact-form__topic">
      {t('contactForm.about')} <a href={local(inquiryTopicPath(topic.kind, topic.slug))}>{topic.title}</a>{' '}
      <Link to={`${local('/contact')}?${new URLSearchParams({ [INQUIRY_QUERY.from]: from }).toString()}`} replace>
        {t('contactForm.remove')}
        <span className="visually-hidden">{t('contactForm.theTopic')}</span>
      </Link>
    </p>
  );
}

/**
 * The contact form (home and contact pages): name, e-mail, phone and message, checked with the
 * same schema as the server. Its fields are plain inputs, in the server-rendered page and usable
 * at once. Sending shows a spinner over the form; success a green banner for 7 seconds and an
 * empty form; a failure (a rate limit too: then when to try again) says so and keeps what was typed.
 *
 * Before the page's JavaScript runs (or without it) it is an HTML form posted to the page's own
 * path: the server answers with this page again, `?sent=1` for the banner, or the page rendered
 * with the form as sent and its errors (`ContactFormStateContext`). With JavaScript it never posts.
 *
 * Every message records the page it is sent from (`inquiry.from`: the form's own page unless the
 * contact page was opened from another) and, for an inquiry, what it is about: hidden fields for the
 * HTML form, the same fields in the message sent with JavaScript. An inquiry's message starts with
 * a line naming its topic, and its sending fires the conversion event with the topic.
 */
export function ContactForm({ inquiry: given }: { inquiry?: Inquiry }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { pathname, search } = useLocation();
  const inquiry = given ?? { topic: null, from: pathname };
  const utils = trpc.useUtils();
  const t = useT();
  const messages = contactMessagesOf(t);
  const checkField = usePageLanguage().language === SERVER_MESSAGES_LANGUAGE ? undefined : t('contactForm.checkField');
  const sentBack = useContext(ContactFormStateContext);
  const send = trpc.contact.send.useMutation();
  const [checking, setChecking] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>(() => errorsByField(sentBack?.errors ?? [], checkField));
  const [sentAt, setSentAt] = useState<number | null>(() => (hasSentFlag(search) ? Date.now() : null));
  const [failure, setFailure] = useState<string | null>(() => (sentBack ? refusalMessageOf(sentBack, t) : null));
  /** The fields' values the page came with, until a send empties them. */
  const [typedBefore, setTypedBefore] = useState(sentBack?.values);

  // The flag has done its work: a reload or a shared link does not thank again. Replaced in the
  // history directly, as a router navigation would scroll the page away from the banner.
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(CONTACT_SENT_PARAM)) return;
    url.searchParams.delete(CONTACT_SENT_PARAM);
    window.history.replaceState(window.history.state, '', url);
  }, []);

  useEffect(() => {
    if (sentAt === null) return;
    const timer = setTimeout(() => setSentAt(null), SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [sentAt]);

  /** Shows each error beside its field and puts the caret in the first one. */
  const showErrors = (list: Array<{ field: string; message: string }>) => {
    const byField = errorsByField(list, checkField);
    setErrors(byField);
    const first = FIELDS.find((field) => byField[field]);
    if (first) (formRef.current?.elements.namedItem(first) as HTMLElement | null)?.focus();
    return Object.keys(byField).length > 0;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = {
      ...Object.fromEntries(FIELDS.map((field) => [field, data.get(field) ?? ''])),
      // The inquiry's hidden fields, those the form has.
      ...Object.fromEntries(
        INQUIRY_FIELDS.filter((field) => data.has(field)).map((field) => [field, data.get(field) ?? '']),
      ),
    };
    setSentAt(null);
    setFailure(null);
    setChecking(true);
    try {
      const checked = await checkInPage(values);
      if (checked.errors) {
        showErrors(checked.errors);
        return;
      }
      setErrors({});
      await send.mutateAsync(checked.message);
      // The site's tags as the layout read them (`MarketingTags`): no page loads them for the form.
      const conversionId = utils.siteInfo.tags.getData()?.ads_conversion_id;
      if (conversionId && inquiry.topic) sendConversion(conversionId, inquiry.topic);
      // Emptied, also of a form the server sent back, whose values are the fields' defaults.
      setTypedBefore(undefined);
      for (const field of FIELDS) (form.elements.namedItem(field) as HTMLInputElement).defaultValue = '';
      form.reset();
      setSentAt(Date.now());
    } catch (error) {
      // The server's own checks name the fields they refused: each is shown beside its field.
      setFailure(failureMessageOf(error, showErrors(fieldErrorsOf(error)), t));
    } finally {
      setChecking(false);
    }
  };

  /** A corrected field loses its error as soon as it is edited. */
  const clearError = (field: FieldName) => {
    if (!errors[field]) return;
    setErrors((current) => {
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const sending = send.isPending;
  const busy = sending || checking;
  // A form sent back refused opens on its first wrong field, as one checked in the page does (else
  // on its first field): the browser scrolls there. The action has no fragment, which would stop it.
  const focusedWhenSentBack = sentBack
    ? (FIELDS.find((field) => errorsByField(sentBack.errors, checkField)[field]) ?? FIELDS[0])
    : undefined;
  const opening = inquiry.topic && messages.openings[inquiry.topic.kind](inquiry.topic.title);
  const optional = t('contactForm.optional');
  const fieldProps = (field: FieldName) => ({
    name: field,
    defaultValue: typedBefore ? typedBefore[field] : field === 'message' && opening ? opening : undefined,
    autoFocus: field === focusedWhenSentBack,
    onChange: () => clearError(field),
  });
  return (
    <form
      ref={formRef}
      id={CONTACT_FORM_ID}
      className="contact-form"
      method="post"
      action={`${pathname}${inquirySearch(inquiry, pathname)}`}
      onSubmit={(event) => void onSubmit(event)}
      onFocus={() => void loadValidation().catch(() => undefined)}
      noValidate
      aria-busy={sending}
      aria-label={t('contactForm.label')}
    >
      {sending && <Spinner variant="overlay" label={t('contactForm.sending')} />}
      {inquiry.topic && <InquiryTopic {...inquiry} topic={inquiry.topic} />}
      <div className="contact-form__row">
        <Field id={`${id}-name`} label={t('contactForm.name')} optional={optional} error={errors.name} required>
          {(props) => <input {...props} {...fieldProps('name')} type="text" autoComplete="name" required />}
        </Field>
        <Field id={`${id}-email`} label={t('contactForm.email')} optional={optional} error={errors.email} required>
          {(props) => <input {...props} {...fieldProps('email')} type="email" autoComplete="email" required />}
        </Field>
      </div>
      <Field id={`${id}-phone`} label={t('contactForm.phone')} optional={optional} error={errors.phone}>
        {(props) => <input {...props} {...fieldProps('phone')} type="tel" autoComplete="tel" />}
      </Field>
      <Field id={`${id}-message`} label={t('contactForm.message')} optional={optional} error={errors.message} required>
        {(props) => <textarea {...props} {...fieldProps('message')} rows={4} required />}
      </Field>
      {inquiry.topic && <input type="hidden" name={inquiry.topic.kind} value={inquiry.topic.slug} />}
      <input type="hidden" name={INQUIRY_QUERY.from} value={inquiry.from} />
      {/* Always in the page, so that screen readers announce the message when it appears. */}
      <p
        className={sentAt !== null ? 'contact-form__banner contact-form__banner--success' : 'visually-hidden'}
        role="status"
        aria-live="polite"
      >
        {sentAt !== null ? messages.success : ''}
      </p>
      {failure && (
        <p className="contact-form__banner contact-form__banner--error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="ui-button" disabled={busy}>
        {sending ? t('contactForm.sendingShort') : t('contactForm.send')}
      </button>
    </form>
  );
}
