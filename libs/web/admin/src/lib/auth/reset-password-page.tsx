import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { resetPasswordInputSchema, type ResetPasswordInput } from '@blog/contracts';
import { fieldErrorsOf, trpc } from '@blog/web/data';
import { Field } from '../forms/field';
import { FormMessage } from '../forms/form-message';
import { applyServerErrors } from '../forms/server-errors';
import { LABELS } from '../labels';
import { AuthLayout } from './auth-layout';

export const PASSWORD_SET = 'Your password has been set. You can sign in with it now.';

/** /reset-password?token=…: the link of the reset mail. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = trpc.auth.resetPassword.useMutation();
  const [result, setResult] = useState<{ error?: string; success?: string }>({});
  const {
    register,
    handleSubmit,
    setError,
    formState,
    reset: clearForm,
  } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordInputSchema),
    defaultValues: { token, new_password: '', password_repeat: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setResult({});
    try {
      await reset.mutateAsync(values);
      clearForm({ token: '', new_password: '', password_repeat: '' });
      setResult({ success: PASSWORD_SET });
    } catch (failure) {
      const message = applyServerErrors(failure, setError, ['new_password', 'password_repeat']);
      // The token is no field the user can correct: its error (used, expired) is the form's message.
      const tokenError = fieldErrorsOf(failure).find((error) => error.field === 'token')?.message;
      setResult({ error: tokenError ?? message });
    }
  });

  const tokenProblem = token ? null : 'This page needs the link from the password reset mail. Request a new one below.';

  return (
    <AuthLayout title={LABELS.resetHeading}>
      <form onSubmit={onSubmit} noValidate aria-busy={formState.isSubmitting}>
        <FormMessage error={tokenProblem ?? result.error} success={result.success} />
        <input type="hidden" {...register('token')} />
        <Field
          label={LABELS.newPassword}
          type="password"
          autoComplete="new-password"
          required
          error={formState.errors.new_password?.message}
          {...register('new_password')}
        />
        <Field
          label={LABELS.repeatPassword}
          type="password"
          autoComplete="new-password"
          required
          error={formState.errors.password_repeat?.message}
          {...register('password_repeat')}
        />
        <p className="auth-links">
          <Link to="/login">{LABELS.backToLogin}</Link>
          {!token && (
            <>
              {' · '}
              <Link to="/request-password">{LABELS.requestHeading}</Link>
            </>
          )}
        </p>
        <button
          type="submit"
          className="admin-button admin-button--primary"
          disabled={formState.isSubmitting || !token}
        >
          {LABELS.submit}
        </button>
      </form>
    </AuthLayout>
  );
}
