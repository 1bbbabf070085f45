import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { formatWait, requestPasswordInputSchema } from '@blog/contracts';
import { isTooManyRequests, retryAfterOf, trpc } from '@blog/web/data';
import { Field } from '../forms/field';
import { FormMessage } from '../forms/form-message';
import { applyServerErrors } from '../forms/server-errors';
import { LABELS } from '../labels';
import { AuthLayout } from './auth-layout';

export const REQUEST_SENT =
  'If an account exists for that e-mail address, a link to set a new password is on its way. It is valid for one hour.';

/**
 * /request-password: mails a reset link (the server answers the same whether the e-mail exists or
 * not); past the server's limit it says when to ask again.
 */
export function RequestPasswordPage() {
  const request = trpc.auth.requestPassword.useMutation();
  const [result, setResult] = useState<{ error?: string; success?: string }>({});
  const { register, handleSubmit, setError, formState } = useForm<{ email: string }>({
    resolver: zodResolver(requestPasswordInputSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setResult({});
    try {
      await request.mutateAsync(values);
      setResult({ success: REQUEST_SENT });
    } catch (failure) {
      if (isTooManyRequests(failure)) {
        const seconds = retryAfterOf(failure);
        setResult({ error: LABELS.tooManyResetRequests(seconds === undefined ? undefined : formatWait(seconds)) });
        return;
      }
      setResult({ error: applyServerErrors(failure, setError, ['email']) });
    }
  });

  return (
    <AuthLayout title={LABELS.requestHeading}>
      <form onSubmit={onSubmit} noValidate aria-busy={formState.isSubmitting}>
        <FormMessage error={result.error} success={result.success} />
        <Field
          label={LABELS.emailAddress}
          type="email"
          autoComplete="email"
          required
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <p className="auth-links">
          <Link to="/login">{LABELS.rememberPassword}</Link>
        </p>
        <button type="submit" className="admin-button admin-button--primary" disabled={formState.isSubmitting}>
          {LABELS.submit}
        </button>
      </form>
    </AuthLayout>
  );
}
