import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { WEBHOOK_EVENTS, webhookInputSchema, type Webhook, type WebhookInput } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { Field } from '../forms/field';
import { FormMessage } from '../forms/form-message';
import { Modal, ModalFormActions } from '../forms/modal';
import { applyServerErrors } from '../forms/server-errors';
import { LABELS } from '../labels';

type WebhookFields = { url: string; events: Webhook['events']; active: boolean };

/** 'Add webhook' and 'Update webhook': the URL, the events (checkboxes) and whether it is active. */
export function WebhookForm({
  webhook,
  onSaved,
  onCancel,
}: {
  webhook?: Webhook;
  /** `secret`: a new webhook's signing secret, shown once saved. */
  onSaved: (saved: Webhook & { secret?: string }) => void;
  onCancel: () => void;
}) {
  const utils = trpc.useUtils();
  const create = trpc.webhooks.create.useMutation();
  const update = trpc.webhooks.update.useMutation();
  const [error, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<WebhookInput, unknown, WebhookFields>({
    resolver: zodResolver(webhookInputSchema),
    defaultValues: { url: webhook?.url ?? '', events: webhook?.events ?? [], active: webhook?.active ?? true },
  });
  const labels = LABELS.webhooks;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = webhook
        ? await update.mutateAsync({ id: webhook.id, ...values })
        : await create.mutateAsync(values);
      await utils.webhooks.list.invalidate();
      onSaved(saved);
    } catch (failure) {
      setFormError(applyServerErrors(failure, setError, ['url', 'events', 'active']));
    }
  });

  const eventsError = formState.errors.events?.message ?? formState.errors.events?.root?.message;
  return (
    <Modal title={webhook ? labels.updateTitle : labels.createTitle} onClose={onCancel}>
      <form onSubmit={onSubmit} noValidate aria-busy={formState.isSubmitting}>
        <FormMessage error={error} />
        <Field
          label={labels.url}
          type="url"
          required
          hint={labels.urlHint}
          error={formState.errors.url?.message}
          {...register('url')}
        />
        <fieldset
          className="admin-fieldset admin-webhook-events"
          aria-invalid={eventsError ? true : undefined}
          aria-describedby={eventsError ? 'webhook-events-error' : undefined}
        >
          <legend>{labels.events}</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event}>
              <input type="checkbox" value={event} {...register('events')} /> <code>{event}</code>
            </label>
          ))}
          {eventsError && (
            <p id="webhook-events-error" className="admin-field-error">
              {eventsError}
            </p>
          )}
        </fieldset>
        <div className="admin-field">
          <label className="admin-checkbox">
            <input type="checkbox" aria-describedby="webhook-active-hint" {...register('active')} /> {labels.active}
          </label>
          <p id="webhook-active-hint" className="admin-field-hint">
            {labels.activeHint}
          </p>
        </div>
        <ModalFormActions editing={Boolean(webhook)} submitting={formState.isSubmitting} onCancel={onCancel} />
      </form>
    </Modal>
  );
}
