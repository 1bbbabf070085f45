import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { profileInputSchema, type ProfileInput } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { ErrorRetry, Spinner } from '@blog/web/ui';
import { useActionNotice } from '../forms/action-notice';
import { Field } from '../forms/field';
import { applyServerErrors } from '../forms/server-errors';
import { LABELS } from '../labels';
import { ActiveSessions } from './active-sessions';
import { ApiTokensSection } from './api-tokens-section';
import { TwoFactorSection } from './two-factor-section';

/** 'Thông tin cá nhân': the signed-in user's name and password, two-factor sign-in, where she is signed in, and her API tokens. */
export function ProfilePage() {
  const me = trpc.auth.me.useQuery();
  if (me.isPending) return <Spinner />;
  if (me.isError) return <ErrorRetry onRetry={() => void me.refetch()} />;
  return (
    <>
      <ProfileForm name={me.data.name} email={me.data.email} />
      <TwoFactorSection />
      <ActiveSessions />
      <ApiTokensSection />
    </>
  );
}

function ProfileForm({ name, email }: { name: string; email: string }) {
  const utils = trpc.useUtils();
  const update = trpc.auth.updateProfile.useMutation();
  const setResult = useActionNotice();
  const { register, handleSubmit, setError, formState, resetField } = useForm<ProfileInput>({
    resolver: zodResolver(profileInputSchema),
    defaultValues: { name, current_password: '', new_password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setResult({});
    try {
      await update.mutateAsync({
        name: values.name,
        current_password: values.current_password || undefined,
        new_password: values.new_password || undefined,
      });
      resetField('current_password');
      resetField('new_password');
      await Promise.all([utils.auth.me.invalidate(), utils.auth.adminCheck.invalidate()]);
      setResult({ success: 'Your profile has been saved.' });
    } catch (failure) {
      setResult({ error: applyServerErrors(failure, setError, ['name', 'current_password', 'new_password']) });
    }
  });

  return (
    <section className="admin-panel">
      <h1>{LABELS.profile}</h1>
      <p>{email}</p>
      <form onSubmit={onSubmit} noValidate aria-busy={formState.isSubmitting}>
        <Field label="Name" required error={formState.errors.name?.message} {...register('name')} />
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={formState.errors.current_password?.message}
          {...register('current_password', { setValueAs: (value: string) => value || undefined })}
        />
        <Field
          label={LABELS.newPassword}
          type="password"
          autoComplete="new-password"
          error={formState.errors.new_password?.message}
          {...register('new_password', { setValueAs: (value: string) => value || undefined })}
        />
        <button type="submit" className="admin-button admin-button--primary" disabled={formState.isSubmitting}>
          Save
        </button>
      </form>
    </section>
  );
}
