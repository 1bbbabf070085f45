import { createContext, useContext, useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import {
  SUBSCRIBE_FORM_ACTION,
  SUBSCRIBE_FORM_ID,
  SUBSCRIBE_HONEYPOT_FIELD,
  SUBSCRIBED_PARAM,
  type FieldError,
  type SubscribeFormState,
} from '@blog/contracts';
import { fieldErrorsOf, isTooManyRequests, retryAfterOf, trpc, type QueryUtils } from '@blog/web/data';
import { waitIn } from '../contact/contact-messages';
import type { Translate } from '../i18n/i18n';
import { useLocalPath, useReadLanguage, useT } from '../i18n/language-context';
import './subscribe-form.css';

/** The form as it was sent without JavaScript and refused, which the server renders `/subscribe` with; null otherwise. */
export const SubscribeFormStateContext = createContext<SubscribeFormState | null>(null);

const EMPTY: SubscribeFormState['values'] = { email: '', name: '', topics: [] };

function refusalMessageOf(t: Translate, refusal: SubscribeFormState['refusal'], retryAfterSeconds?: number): string {
  if (refusal === 'tooMany') {
    const message = t('subscribe.tooMany');
    return retryAfterSeconds ? t('subscribe.tooManyIn', { message, wait: waitIn(t, retryAfterSeconds) }) : message;
  }
  if (refusal === 'unavailable') return t('subscribe.unavailable');
  return refusal === 'invalid' ? t('subscribe.checkFields') : t('subscribe.failed');
}

function refusalOf(error: unknown): Pick<SubscribeFormState, 'refusal' | 'retryAfterSeconds'> {
  if (isTooManyRequests(error)) return { refusal: 'tooMany', retryAfterSeconds: retryAfterOf(error) };
  const status = (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
  if (status === 503) return { refusal: 'unavailable' };
  return { refusal: status === 400 ? 'invalid' : 'failed' };
}

/**
 * The subscription form (post pages, home, `/subscribe`): an e-mail, optionally a name, the topics
 * (the subscribable categories, none ticked: all) and a honeypot hidden from people. Without
 * JavaScript it is an HTML form posted to `/subscribe`, which answers 303 back to this page with
 * `?subscribed=1`, or `/subscribe` rendered with the form as sent and its errors. With JavaScript it
 * is sent in place (tRPC) and says so, or shows the errors beside the fields. On a page of another
 * language than the default it sends that `language` (the subscriber's mails are in it) and posts to
 * `/{code}/subscribe`, so a refusal is shown in the page's language.
 */
/** What the form reads, for the pages that show it to declare (rendered once on the server). */
export const prefetchSubscribeForm = (utils: QueryUtils) => utils.subscriptions.topics.prefetch();

export function SubscribeForm({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const refused = useContext(SubscribeFormStateContext);
  const { pathname, search } = useLocation();
  const id = useId();
  const topics = trpc.subscriptions.topics.useQuery();
  const subscribe = trpc.subscriptions.subscribe.useMutation();
  const [sent, setSent] = useState(() => new URLSearchParams(search).has(SUBSCRIBED_PARAM));
  const [state, setState] = useState<Omit<SubscribeFormState, 'values'> | null>(refused);
  const values = refused?.values ?? EMPTY;
  const errorOf = (field: string) => state?.errors.find((error: FieldError) => error.field === field)?.message;
  const Heading = `h${headingLevel}` as const;
  const t = useT();
  const language = useReadLanguage();
  const localPath = useLocalPath();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (field: string) => String(data.get(field) ?? '');
    try {
      await subscribe.mutateAsync({
        email: text('email'),
        name: text('name'),
        topics: data.getAll('topics').map(Number),
        [SUBSCRIBE_HONEYPOT_FIELD]: text(SUBSCRIBE_HONEYPOT_FIELD),
        ...(language && { language }),
      });
      setState(null);
      setSent(true);
    } catch (error) {
      setState({ errors: fieldErrorsOf(error), ...refusalOf(error) });
    }
  }

  const field = (name: 'email' | 'name', label: string, type: string) => {
    const error = errorOf(name);
    return (
      <div className="subscribe-form__field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          name={name}
          type={type}
          defaultValue={values[name]}
          required={name === 'email'}
          autoComplete={name}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
        />
        {error && (
          <p className="subscribe-form__error" id={`${id}-${name}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <section className="subscribe-form" id={SUBSCRIBE_FORM_ID} aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`}>{t('subscribe.heading')}</Heading>
      {sent ? (
        <p className="subscribe-form__success" role="status">
          {t('subscribe.checkInbox')}
        </p>
      ) : (
        <form
          method="post"
          action={localPath(SUBSCRIBE_FORM_ACTION)}
          onSubmit={(event) => void onSubmit(event)}
          noValidate
        >
          {state && (
            <p className="subscribe-form__failure" role="alert">
              {refusalMessageOf(t, state.refusal, state.retryAfterSeconds)}
            </p>
          )}
          <input type="hidden" name="from" value={refused?.from ?? pathname} />
          {language && <input type="hidden" name="language" value={language} />}
          {field('email', t('subscribe.email'), 'email')}
          {field('name', t('subscribe.name'), 'text')}
          {topics.data && topics.data.length > 1 && (
            <fieldset className="subscribe-form__topics">
              <legend>{t('subscribe.topics')}</legend>
              {topics.data.map((topic) => (
                <label key={topic.id}>
                  <input
                    type="checkbox"
                    name="topics"
                    value={topic.id}
                    defaultChecked={values.topics.length === 0 || values.topics.includes(topic.id)}
                  />{' '}
                  {topic.name}
                </label>
              ))}
              {errorOf('topics') && <p className="subscribe-form__error">{errorOf('topics')}</p>}
            </fieldset>
          )}
          {/* The honeypot: off screen and out of the tab order; only robots fill it in. */}
          <div className="subscribe-form__honeypot" aria-hidden="true">
            <label htmlFor={`${id}-website`}>{t('subscribe.honeypot')}</label>
            <input id={`${id}-website`} name={SUBSCRIBE_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <button type="submit" className="ui-button" disabled={subscribe.isPending}>
            {t('subscribe.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
