import { useState } from 'react';
import type { Webhook, WebhookDelivery } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { useActionNotice } from '../forms/action-notice';
import { AdminTable } from '../forms/admin-table';
import { formatDateTime } from '../forms/format';
import { RowAction } from '../forms/row-action';
import { QueryView } from '../forms/query-view';
import { serverMessageOf } from '../forms/server-errors';
import { LABELS } from '../labels';
import { WebhookForm } from './webhook-form';

const labels = LABELS.webhooks;
/** While a delivery is pending, its log is asked again this often. */
export const DELIVERIES_REFRESH_MS = 2_000;

type Editing = { webhook?: Webhook } | null;

/**
 * /admin/webhooks: the webhooks (URL, events, active, last delivery) with add, edit, delete, "Send
 * test event" and the signing secret; "Delivery log" opens a webhook's deliveries, each with "Send again".
 */
export function WebhooksPage() {
  const webhooks = trpc.webhooks.list.useQuery(undefined, { staleTime: 0 });
  const utils = trpc.useUtils();
  const remove = trpc.webhooks.delete.useMutation();
  const sendTest = trpc.webhooks.sendTest.useMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const setMessage = useActionNotice();
  /** The secret shown, and whose. */
  const [secret, setSecret] = useState<{ id: number; secret: string; fresh: boolean } | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);

  const run = async (action: () => Promise<unknown>, success: string) => {
    setMessage({});
    try {
      await action();
      setMessage({ success });
    } catch (failure) {
      setMessage({ error: serverMessageOf(failure) });
    }
  };

  const deleteWebhook = async (webhook: Webhook) => {
    if (!window.confirm(labels.confirmDelete(webhook.url))) return;
    await run(async () => {
      await remove.mutateAsync({ id: webhook.id });
      if (logOf?.id === webhook.id) setLogOf(null);
      if (secret?.id === webhook.id) setSecret(null);
      await utils.webhooks.list.invalidate();
    }, labels.deleted(webhook.url));
  };

  const showSecret = (webhook: Webhook) =>
    run(async () => {
      const { secret: shown } = await utils.webhooks.secret.fetch({ id: webhook.id }, { staleTime: 0 });
      setSecret({ id: webhook.id, secret: shown, fresh: false });
    }, '');

  return (
    <section className="admin-panel">
      <h1>{LABELS.nav.webhooks}</h1>
      <p className="admin-field-hint">{labels.hint}</p>
      <div className="admin-toolbar">
        <button type="button" className="admin-button admin-button--primary" onClick={() => setEditing({})}>
          {labels.add}
        </button>
      </div>
      {secret && <SecretBox {...secret} onRotated={(rotated) => setSecret({ ...secret, secret: rotated })} />}
      <QueryView query={webhooks}>
        {(rows) => (
          <>
            <AdminTable columns={labels.columns}>
              {rows.map((webhook) => (
                <tr key={webhook.id}>
                  <td className="admin-truncate" title={webhook.url}>
                    {webhook.url}
                  </td>
                  <td>{webhook.events.join(', ')}</td>
                  <td>{webhook.active ? labels.yes : labels.no}</td>
                  <td>
                    {webhook.last_delivery
                      ? `${labels.statuses[webhook.last_delivery.status]}, ${formatDateTime(webhook.last_delivery.created_at)}`
                      : '—'}
                  </td>
                  <td>
                    <div className="admin-actions">
                      <RowAction label={LABELS.edit} subject={webhook.url} onClick={() => setEditing({ webhook })} />
                      <RowAction
                        label={labels.sendTest}
                        subject={webhook.url}
                        onClick={() =>
                          void run(async () => {
                            await sendTest.mutateAsync({ id: webhook.id });
                            setLogOf(webhook);
                            await Promise.all([
                              utils.webhooks.deliveries.invalidate(),
                              utils.webhooks.list.invalidate(),
                            ]);
                          }, labels.testSent)
                        }
                      />
                      <RowAction label={labels.deliveries} subject={webhook.url} onClick={() => setLogOf(webhook)} />
                      <RowAction
                        label={labels.showSecret}
                        subject={webhook.url}
                        onClick={() => void showSecret(webhook)}
                      />
                      <RowAction
                        label={LABELS.delete}
                        subject={webhook.url}
                        danger
                        onClick={() => void deleteWebhook(webhook)}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </AdminTable>
            {rows.length === 0 && <p>{labels.none}</p>}
          </>
        )}
      </QueryView>
      {logOf && <DeliveryLog webhook={logOf} onClose={() => setLogOf(null)} />}
      {editing && (
        <WebhookForm
          webhook={editing.webhook}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setMessage({ success: labels.saved(saved.url) });
            if (saved.secret) setSecret({ id: saved.id, secret: saved.secret, fresh: true });
          }}
        />
      )}
    </section>
  );
}

/** A webhook's signing secret, with "New secret" (confirmed: the receiver must be given it). */
function SecretBox({
  id,
  secret,
  fresh,
  onRotated,
}: {
  id: number;
  secret: string;
  fresh: boolean;
  onRotated: (secret: string) => void;
}) {
  const rotate = trpc.webhooks.rotateSecret.useMutation();
  return (
    <section className="admin-subsection" aria-label={labels.secret}>
      <p>{fresh ? labels.secretNew : `${labels.secret}:`}</p>
      <p>
        <code className="admin-webhook-secret" data-testid="webhook-secret">
          {secret}
        </code>
      </p>
      <p className="admin-field-hint">{labels.secretHint}</p>
      <button
        type="button"
        className="admin-button"
        disabled={rotate.isPending}
        onClick={() =>
          window.confirm(labels.confirmRotate) &&
          void rotate.mutateAsync({ id }).then((rotated) => onRotated(rotated.secret))
        }
      >
        {labels.rotateSecret}
      </button>
    </section>
  );
}

/** One webhook's deliveries, newest first, asked again while one is pending; each with "Send again". */
function DeliveryLog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const deliveries = trpc.webhooks.deliveries.useQuery(
    { webhook_id: webhook.id },
    {
      staleTime: 0,
      refetchInterval: (query) =>
        query.state.data?.some((delivery) => delivery.status === 'pending') ? DELIVERIES_REFRESH_MS : false,
    },
  );
  const utils = trpc.useUtils();
  const resend = trpc.webhooks.resend.useMutation();
  const setMessage = useActionNotice();

  const sendAgain = async (delivery: WebhookDelivery) => {
    setMessage({});
    try {
      await resend.mutateAsync({ id: delivery.id });
      await Promise.all([utils.webhooks.deliveries.invalidate(), utils.webhooks.list.invalidate()]);
      setMessage({ success: labels.sentAgain });
    } catch (failure) {
      setMessage({ error: serverMessageOf(failure) });
    }
  };

  return (
    <section className="admin-subsection" aria-labelledby="webhook-deliveries-heading">
      <h2 id="webhook-deliveries-heading">{labels.deliveriesOf(webhook.url)}</h2>
      <div className="admin-toolbar">
        <button type="button" className="admin-button" onClick={onClose}>
          {labels.close}
        </button>
      </div>
      <QueryView query={deliveries}>
        {(rows) => (
          <>
            <AdminTable columns={labels.deliveryColumns}>
              {rows.map((delivery) => (
                <tr key={delivery.id}>
                  <td>
                    <code>{delivery.event}</code>
                  </td>
                  <td>{labels.statuses[delivery.status]}</td>
                  <td className="admin-truncate" title={delivery.error ?? undefined}>
                    {delivery.error ?? (delivery.response_status ? `HTTP ${delivery.response_status}` : '—')}
                  </td>
                  <td>{delivery.attempts}</td>
                  <td>{delivery.duration_ms === null ? '—' : `${delivery.duration_ms} ms`}</td>
                  <td>{formatDateTime(delivery.last_attempt_at ?? delivery.created_at)}</td>
                  <td>
                    <RowAction
                      label={labels.sendAgain}
                      subject={`${delivery.event} ${delivery.id}`}
                      disabled={resend.isPending}
                      onClick={() => void sendAgain(delivery)}
                    />
                  </td>
                </tr>
              ))}
            </AdminTable>
            {rows.length === 0 && <p>{labels.noDeliveries}</p>}
          </>
        )}
      </QueryView>
    </section>
  );
}
