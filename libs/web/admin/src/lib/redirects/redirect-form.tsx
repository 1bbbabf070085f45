import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  REDIRECT_STATUS_CODES,
  redirectInputSchema,
  type Redirect,
  type RedirectFields,
  type RedirectInput,
} from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { Field } from '../forms/field';
import { FormMessage } from '../forms/form-message';
import { Modal, ModalFormActions } from '../forms/modal';
import { applyServerErrors } from '../forms/server-errors';
import { LABELS } from '../labels';

/**
 * The redirect modal: 'Add redirect' (with `fromPath` pre-filled when it comes from the 404 log),
 * 'Update redirect' with a redirect. Saving refreshes the redirects and the 404 log (a path redirected
 * leaves it).
 */
export function RedirectForm({
  redirect,
  fromPath,
  onSaved,
  onCancel,
}: {
  redirect?: Redirect;
  fromPath?: string;
  onSaved: (saved: Redirect) => void;
  onCancel: () => void;
}) {
  const utils = trpc.useUtils();
  const create = trpc.redirects.create.useMutation();
  const update = trpc.redirects.update.useMutation();
  const [error, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<RedirectInput, unknown, RedirectFields>({
    resolver: zodResolver(redirectInputSchema),
    defaultValues: {
      from_path: redirect?.from_path ?? fromPath ?? '',
      to_path: redirect?.to_path ?? '',
      status_code: redirect?.status_code ?? 301,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = redirect
        ? await update.mutateAsync({ id: redirect.id, ...values })
        : await create.mutateAsync(values);
      await Promise.all([utils.redirects.list.invalidate(), utils.redirects.notFoundList.invalidate()]);
      onSaved(saved);
    } catch (failure) {
      setFormError(applyServerErrors(failure, setError, ['from_path', 'to_path', 'status_code']));
    }
  });

  const labels = LABELS.redirects;
  return (
    <Modal title={redirect ? labels.updateTitle : labels.createTitle} onClose={onCancel}>
      <form onSubmit={onSubmit} noValidate aria-busy={formState.isSubmitting}>
        <FormMessage error={error} />
        <Field
          label={labels.from}
          required
          hint={labels.fromHint}
          error={formState.errors.from_path?.message}
          {...register('from_path')}
        />
        <Field
          label={labels.to}
          required
          hint={labels.toHint}
          error={formState.errors.to_path?.message}
          {...register('to_path')}
        />
        <div className="admin-field">
          <label htmlFor="redirect-status-code">{labels.type}</label>
          <select
            id="redirect-status-code"
            aria-invalid={formState.errors.status_code ? true : undefined}
            aria-describedby={formState.errors.status_code ? 'redirect-status-code-error' : undefined}
            {...register('status_code', { valueAsNumber: true })}
          >
            {REDIRECT_STATUS_CODES.map((code) => (
              <option key={code} value={code}>
                {labels.types[code]}
              </option>
            ))}
          </select>
          {formState.errors.status_code && (
            <p id="redirect-status-code-error" className="admin-field-error">
              {formState.errors.status_code.message}
            </p>
          )}
        </div>
        <ModalFormActions editing={Boolean(redirect)} submitting={formState.isSubmitting} onCancel={onCancel} />
      </form>
    </Modal>
  );
}
