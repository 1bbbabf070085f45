import { useId, useState, type FormEvent } from 'react';
import {
  API_TOKEN_NAME_MAX_LENGTH,
  apiTokenScopes,
  type ApiToken,
  type ApiTokenScope,
  type CreatedApiToken,
} from '@blog/contracts';
import { fieldErrorsOf, trpc } from '@blog/web/data';
import { useActionNotice } from '../forms/action-notice';
import { AdminTable } from '../forms/admin-table';
import { Field } from '../forms/field';
import { formatDateTime } from '../forms/format';
import { QueryView } from '../forms/query-view';
import { serverMessageOf } from '../forms/server-errors';
import { LABELS } from '../labels';

const TEXT = LABELS.apiTokens;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the list says of a token's expiry: its date, Never, or Revoked / Expired when it no longer works. */
function stateOf(token: ApiToken, now: number): string | null {
  if (token.revoked_at) return TEXT.revoked;
  if (token.expires_at && Date.parse(token.expires_at) <= now) return TEXT.expired;
  return null;
}

/**
 * The profile's API tokens: make one (a name, its scopes, an optional expiry), see its secret once
 * with a Copy button, list them (created, last used, expires, scopes) and revoke one after a
 * confirmation; a revoked token is refused at its next request.
 */
export function ApiTokensSection() {
  const utils = trpc.useUtils();
  const tokens = trpc.apiTokens.list.useQuery();
  const create = trpc.apiTokens.create.useMutation();
  const revoke = trpc.apiTokens.revoke.useMutation();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['content:read']);
  const [expiryDays, setExpiryDays] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setMessage = useActionNotice();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const ids = useId();

  const toggle = (scope: ApiTokenScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((item) => item !== scope)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage({});
    setErrors({});
    try {
      const result = await create.mutateAsync({
        name,
        scopes,
        expires_at: expiryDays ? new Date(Date.now() + expiryDays * DAY_MS).toISOString() : null,
      });
      setCreated(result);
      setName('');
      await utils.apiTokens.list.invalidate();
    } catch (failure) {
      const fieldErrors = fieldErrorsOf(failure);
      setErrors(Object.fromEntries(fieldErrors.map(({ field, message: text }) => [field, text])));
      setMessage({ error: fieldErrors.length ? 'Please correct the highlighted fields.' : serverMessageOf(failure) });
    }
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      setMessage({ success: TEXT.copied });
    } catch {
      setMessage({ error: TEXT.copyFailed });
    }
  };

  const revokeToken = async (token: ApiToken) => {
    if (!window.confirm(TEXT.confirmRevoke(token.name))) return;
    setMessage({});
    try {
      await revoke.mutateAsync({ id: token.id });
      setMessage({ success: TEXT.revokedMessage(token.name) });
    } catch (failure) {
      setMessage({ error: serverMessageOf(failure) });
    } finally {
      await utils.apiTokens.list.invalidate();
    }
  };

  const now = Date.now();
  return (
    <section className="admin-panel admin-api-tokens" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{TEXT.heading}</h2>
      <p>{TEXT.intro}</p>
      {created && (
        <div className="admin-field" role="region" aria-label={TEXT.newToken(created.token.name)}>
          <p className="admin-label">{TEXT.newToken(created.token.name)}</p>
          <p>
            <strong>{TEXT.shownOnce}</strong>
          </p>
          <p>
            <code data-testid="new-api-token">{created.secret}</code>
          </p>
          <div className="admin-actions">
            <button type="button" className="admin-button" onClick={() => void copy()}>
              {TEXT.copy}
            </button>
            <button type="button" className="admin-button" onClick={() => setCreated(null)}>
              {TEXT.done}
            </button>
          </div>
        </div>
      )}
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={create.isPending}>
        <Field
          label={TEXT.name}
          required
          maxLength={API_TOKEN_NAME_MAX_LENGTH}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors['name']}
        />
        <fieldset className="admin-field" aria-describedby={errors['scopes'] ? `${ids}-scopes-error` : undefined}>
          <legend>{TEXT.scopes}</legend>
          {apiTokenScopes.map((scope) => (
            <label key={scope} className="admin-checkbox">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(event) => toggle(scope, event.target.checked)}
              />{' '}
              {TEXT.scopeLabels[scope]}
            </label>
          ))}
          {errors['scopes'] && (
            <p id={`${ids}-scopes-error`} className="admin-field-error">
              {errors['scopes']}
            </p>
          )}
        </fieldset>
        <div className="admin-field">
          <label htmlFor={`${ids}-expiry`}>{TEXT.expiry}</label>
          <select
            id={`${ids}-expiry`}
            value={expiryDays}
            onChange={(event) => setExpiryDays(Number(event.target.value))}
          >
            {TEXT.expiryOptions.map((option) => (
              <option key={option.days} value={option.days}>
                {option.label}
              </option>
            ))}
          </select>
          {errors['expires_at'] && <p className="admin-field-error">{errors['expires_at']}</p>}
        </div>
        <button type="submit" className="admin-button admin-button--primary" disabled={create.isPending}>
          {TEXT.create}
        </button>
      </form>
      <QueryView query={tokens}>
        {(rows) =>
          rows.length === 0 ? (
            <p>{TEXT.none}</p>
          ) : (
            <AdminTable columns={TEXT.columns}>
              {rows.map((token) => {
                const state = stateOf(token, now);
                return (
                  <tr key={token.id}>
                    <td>
                      {token.name} <code>{token.hint}…</code>
                      {state && (
                        <>
                          {' '}
                          <span className="admin-tag">{state}</span>
                        </>
                      )}
                    </td>
                    <td>{token.scopes.join(', ')}</td>
                    <td>{formatDateTime(token.created_at)}</td>
                    <td>{token.last_used_at ? formatDateTime(token.last_used_at) : TEXT.notUsed}</td>
                    <td>{token.expires_at ? formatDateTime(token.expires_at) : TEXT.never}</td>
                    <td>
                      {!token.revoked_at && (
                        <button
                          type="button"
                          className="admin-button admin-button--danger"
                          onClick={() => void revokeToken(token)}
                          disabled={revoke.isPending}
                          aria-label={TEXT.revokeNamed(token.name)}
                        >
                          {TEXT.revoke}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </AdminTable>
          )
        }
      </QueryView>
    </section>
  );
}
