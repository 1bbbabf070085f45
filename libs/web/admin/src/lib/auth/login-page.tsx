import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { loginInputSchema, type LoginInput, type LoginResponse } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { Field } from '../forms/field';
import { FormMessage } from '../forms/form-message';
import { applyServerErrors } from '../forms/server-errors';
import { LABELS } from '../labels';
import { AuthLayout } from './auth-layout';
import { authName } from './auth-storage';
import { SecondFactorStep } from './second-factor-step';

/**
 * /login: an administrator lands on the dashboard, anyone else on the home page. A user with
 * two-factor sign-in is asked for a code after the password (`SecondFactorStep`).
 */
export function LoginPage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [error, setFormError] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const login = trpc.auth.login.useMutation();
  const { register, handleSubmit, setError, formState } = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: '', password: '' },
  });

  // A stored sign-in name sends the user straight on (the admin layout still checks the session).
  useEffect(() => {
    if (authName.get()) navigate('/admin/dashboard', { replace: true });
  }, [navigate]);

  const signedIn = async (result: LoginResponse) => {
    authName.set(result.email);
    await utils.auth.adminCheck.invalidate();
    navigate(result.is_admin === 1 ? '/admin/dashboard' : '/', { replace: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await login.mutateAsync(values);
      if (result.status === 202) setNeedsCode(true);
      else await signedIn(result);
    } catch (failure) {
      setFormError(applyServerErrors(failure, setError, ['email', 'password']));
    }
  });

  if (needsCode) {
    return (
      <AuthLayout title={LABELS.signInHeading}>
        <SecondFactorStep onSignedIn={signedIn} onStartOver={() => setNeedsCode(false)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={LABELS.signInHeading}>
      <form onSubmit={onSubmit} noValidate aria-busy={formState.isSubmitting}>
        <FormMessage error={error} />
        <Field
          label={LABELS.emailAddress}
          type="email"
          autoComplete="email"
          required
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <Field
          label={LABELS.password}
          type="password"
          autoComplete="current-password"
          required
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <p className="auth-links">
          <Link to="/request-password">{LABELS.forgotPassword}</Link>
        </p>
        <button type="submit" className="admin-button admin-button--primary" disabled={formState.isSubmitting}>
          {LABELS.signIn}
        </button>
      </form>
    </AuthLayout>
  );
}
