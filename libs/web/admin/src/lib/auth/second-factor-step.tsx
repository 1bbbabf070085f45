import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { secondFactorCodeInputSchema, type LoginResponse, type SecondFactorCodeInput } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { Field } from '../forms/field';
import { FormMessage } from '../forms/form-message';
import { applyServerErrors } from '../forms/server-errors';
import { LABELS } from '../labels';

/**
 * The sign-in's second step for a user with two-factor sign-in: the code of the authenticator app,
 * or one of the recovery codes. The password step's session waits 5 minutes for it.
 */
export function SecondFactorStep({
  onSignedIn,
  onStartOver,
}: {
  onSignedIn: (result: LoginResponse) => Promise<void>;
  onStartOver: () => void;
}) {
  const verify = trpc.auth.verifySecondFactor.useMutation();
  const [recovery, setRecovery] = useState(false);
  const [error, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState, reset, setFocus } = useForm<SecondFactorCodeInput>({
    resolver: zodResolver(secondFactorCodeInputSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSignedIn(await verify.mutateAsync(values));
    } catch (failure) {
      setFormError(applyServerErrors(failure, setError, ['code']));
    }
  });

  const switchKind = () => {
    setRecovery(!recovery);
    setFormError(null);
    reset({ code: '' });
    setFocus('code');
  };

  const t = LABELS.twoFactor;
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={formState.isSubmitting}>
      <p>
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for this site.'}
      </p>
      <FormMessage error={error} />
      <Field
        key={recovery ? 'recovery' : 'app'}
        label={recovery ? t.recoveryCode : t.authenticationCode}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        required
        error={formState.errors.code?.message}
        {...register('code')}
      />
      <p className="auth-links">
        <button type="button" className="admin-link-button" onClick={switchKind}>
          {recovery ? t.useAuthenticationCode : t.useRecoveryCode}
        </button>
        {' · '}
        <button type="button" className="admin-link-button" onClick={onStartOver}>
          {t.startOver}
        </button>
      </p>
      <button type="submit" className="admin-button admin-button--primary" disabled={formState.isSubmitting}>
        {t.verify}
      </button>
    </form>
  );
}
