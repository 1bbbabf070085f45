import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isLanguage, LANGUAGE_NAMES, SITE_ROUTES, SUBSCRIPTION_LINK_PARAMS as PARAMS } from '@blog/contracts';
import { trpc, type PagePrefetch } from '@blog/web/data';
import { PageHead } from '../head/page-head';
import { useLocalPath, useT } from '../i18n/language-context';
import { PublicLayout } from '../layout/public-layout';
import { useSiteLanguages } from '../i18n/site-languages';
import { prefetchSubscribeForm, SubscribeForm } from './subscribe-form';

const pages = SITE_ROUTES.pages;

export const prefetchSubscribePage: PagePrefetch = (utils) => [prefetchSubscribeForm(utils)];

/** `/subscribe`: the subscription form on a page of its own (where a form refused without JavaScript is shown again). */
export function SubscribePage() {
  const t = useT();
  return (
    <PublicLayout>
      <PageHead title={t('subscribe.heading')} path={pages.subscribe} />
      <div className="container page-section">
        <h1>{t('subscribe.heading')}</h1>
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
  const t = useT();
  const localPath = useLocalPath();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await confirm.mutateAsync({ token }).then(
      () => setDone(true),
      () => undefined,
    );
  }

  return (
    <PublicLayout>
      <PageHead title={t('subscribe.confirmTitle')} path={pages.subscribeConfirm} />
      <div className="container page-section">
        <h1>{done ? t('subscribe.confirmTitle') : t('subscribe.heading')}</h1>
        {done ? (
          <p role="status">{t('subscribe.confirmed')}</p>
        ) : invalid ? (
          <p role="alert">{t('subscribe.invalidLink')}</p>
        ) : (
          <form method="post" action={localPath(pages.subscribeConfirm)} onSubmit={(event) => void onSubmit(event)}>
            <input type="hidden" name={PARAMS.token} value={token} />
            <button type="submit" className="ui-button" disabled={confirm.isPending}>
              {t('subscribe.confirmButton')}
            </button>
          </form>
        )}
      </div>
    </PublicLayout>
  );
}

/**
 * `/subscribe/preferences?token=…` (the link in every subscription mail, in the subscriber's language):
 * the topics, the weekly digest choice and, on a site of two languages, the mails' language, saved in
 * place; and leaving, a form POST to the one-click unsubscribe address, which works without JavaScript.
 */
export function SubscribePreferencesPage() {
  const [params] = useSearchParams();
  const token = params.get(PARAMS.token) ?? '';
  const preferences = trpc.subscriptions.preferences.useQuery({ token }, { enabled: token !== '', retry: false });
  const save = trpc.subscriptions.updatePreferences.useMutation();
  const t = useT();
  const { languages } = useSiteLanguages();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const language = data.get('language');
    await save
      .mutateAsync({
        token,
        topics: data.getAll('topics').map(Number),
        digest: data.get('digest') === 'on',
        ...(isLanguage(language) && { language }),
      })
      .catch(() => undefined);
  }

  const data = preferences.data;
  return (
    <PublicLayout>
      <PageHead title={t('subscribe.preferencesTitle')} path={pages.subscribePreferences} />
      <div className="container page-section">
        <h1>{t('subscribe.preferencesTitle')}</h1>
        {!token || preferences.isError ? (
          <p role="alert">{t('subscribe.invalidLink')}</p>
        ) : !data ? null : (
          <>
            <p>{data.email}</p>
            <form onSubmit={(event) => void onSubmit(event)}>
              <fieldset>
                <legend>{t('subscribe.topics')}</legend>
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
                <input type="checkbox" name="digest" defaultChecked={data.digest} /> {t('subscribe.digest')}
              </label>
              {languages.length > 1 && (
                <fieldset>
                  <legend>{t('subscribe.language')}</legend>
                  {languages.map((language) => (
                    <label key={language} lang={language}>
                      <input
                        type="radio"
                        name="language"
                        value={language}
                        defaultChecked={data.language === language}
                      />{' '}
                      {LANGUAGE_NAMES[language]}
                    </label>
                  ))}
                </fieldset>
              )}
              <button type="submit" className="ui-button" disabled={save.isPending}>
                {t('subscribe.save')}
              </button>
              {save.isSuccess && <p role="status">{t('subscribe.saved')}</p>}
              {save.isError && <p role="alert">{t('subscribe.failed')}</p>}
            </form>
            <form method="post" action={`/api/subscriptions/unsubscribe?token=${encodeURIComponent(token)}`}>
              <input type="hidden" name="List-Unsubscribe" value="One-Click" />
              <button type="submit" className="ui-button">
                {t('subscribe.unsubscribeButton')}
              </button>
            </form>
          </>
        )}
      </div>
    </PublicLayout>
  );
}
