import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SITE_ROUTES, SUBSCRIPTION_LABELS as LABELS, SUBSCRIPTION_LINK_PARAMS as PARAMS } from '@blog/contracts';
import { trpc, type PagePrefetch } from '@blog/web/data';
import { PageHead } from '../head/page-head';
import { PublicLayout } from '../layout/public-layout';
import { prefetchSubscribeForm, SubscribeForm } from './subscribe-form';

const pages = SITE_ROUTES.pages;

export const prefetchSubscribePage: PagePrefetch = (utils) => [prefetchSubscribeForm(utils)];

/** `/subscribe`: the subscription form on a page of its own (where a form refused without JavaScript is shown again). */
export function SubscribePage() {
  return (
    <PublicLayout>
      <PageHead title={LABELS.heading} path={pages.subscribe} />
      <div className="container page-section">
        <h1>{LABELS.heading}</h1>
        <SubscribeForm />
      </div>
    </PublicLayout>
  );
}

/**
 * `/subscribe/confirm?token=…`: the confirmation mail's link. Opening it only shows a button (mail
 * scanners open links): the click confirms, in place with JavaScript, else by a form POST to this
 * address, which answers 303 to `?confirmed=1`.
 */
export function SubscribeConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get(PARAMS.token) ?? '';
  const confirm = trpc.subscriptions.confirm.useMutation();
  const [done, setDone] = useState(params.has(PARAMS.confirmed));
  const invalid = params.has(PARAMS.invalid) || confirm.isError;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await confirm.mutateAsync({ token }).then(
      () => setDone(true),
      () => undefined,
    );
  }

  return (
    <PublicLayout>
      <PageHead title={LABELS.confirmTitle} path={pages.subscribeConfirm} />
      <div className="container page-section">
        <h1>{done ? LABELS.confirmTitle : LABELS.heading}</h1>
        {done ? (
          <p role="status">{LABELS.confirmed}</p>
        ) : invalid ? (
          <p role="alert">{LABELS.invalidLink}</p>
        ) : (
          <form method="post" action={pages.subscribeConfirm} onSubmit={(event) => void onSubmit(event)}>
            <input type="hidden" name={PARAMS.token} value={token} />
            <button type="submit" className="ui-button" disabled={confirm.isPending}>
              {LABELS.confirmButton}
            </button>
          </form>
        )}
      </div>
    </PublicLayout>
  );
}

/**
 * `/subscribe/preferences?token=…` (the link in every subscription mail): the topics and the weekly
 * digest choice, saved in place; and leaving, a form POST to the one-click unsubscribe address, which
 * works without JavaScript.
 */
export function SubscribePreferencesPage() {
  const [params] = useSearchParams();
  const token = params.get(PARAMS.token) ?? '';
  const preferences = trpc.subscriptions.preferences.useQuery({ token }, { enabled: token !== '', retry: false });
  const save = trpc.subscriptions.updatePreferences.useMutation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    await save
      .mutateAsync({ token, topics: data.getAll('topics').map(Number), digest: data.get('digest') === 'on' })
      .catch(() => undefined);
  }

  const data = preferences.data;
  return (
    <PublicLayout>
      <PageHead title={LABELS.preferencesTitle} path={pages.subscribePreferences} />
      <div className="container page-section">
        <h1>{LABELS.preferencesTitle}</h1>
        {!token || preferences.isError ? (
          <p role="alert">{LABELS.invalidLink}</p>
        ) : !data ? null : (
          <>
            <p>{data.email}</p>
            <form onSubmit={(event) => void onSubmit(event)}>
              <fieldset>
                <legend>{LABELS.topics}</legend>
                {data.categories.map((category) => (
                  <label key={category.id}>
                    <input
                      type="checkbox"
                      name="topics"
                      value={category.id}
                      defaultChecked={data.topics.includes(category.id)}
                    />{' '}
                    {category.name}
                  </label>
                ))}
              </fieldset>
              <label>
                <input type="checkbox" name="digest" defaultChecked={data.digest} /> {LABELS.digest}
              </label>
              <button type="submit" className="ui-button" disabled={save.isPending}>
                {LABELS.save}
              </button>
              {save.isSuccess && <p role="status">{LABELS.saved}</p>}
              {save.isError && <p role="alert">{LABELS.failed}</p>}
            </form>
            <form method="post" action={`/api/subscriptions/unsubscribe?token=${encodeURIComponent(token)}`}>
              <input type="hidden" name="List-Unsubscribe" value="One-Click" />
              <button type="submit" className="ui-button">
                {LABELS.unsubscribeButton}
              </button>
            </form>
          </>
        )}
      </div>
    </PublicLayout>
  );
}
