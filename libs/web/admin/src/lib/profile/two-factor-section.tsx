import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  secondFactorCodeInputSchema,
  totpCodeInputSchema,
  twoFactorSetupInputSchema,
  type SecondFactorCodeInput,
  type TotpCodeInput,
  type TwoFactorSetup,
  type TwoFactorSetupInput,
} from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { useActionNotice } from '../forms/action-notice';
import { Field } from '../forms/field';
import { FormMessage } from '../forms/form-message';
import { QueryView } from '../forms/query-view';
import { applyServerErrors } from '../forms/server-errors';
import { LABELS } from '../labels';

const t = LABELS.twoFactor;

/** The base32 key in groups of four, as authenticator apps show it ("ABCD EFGH …"). */
const groupsOf = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The profile's 'Two-factor sign-in': turning it on (the password, then the app scans the QR code
 * or takes the key typed in, then a first code), the recovery codes shown once, new recovery codes
 * and turning it off (each with a code).
 */
export function TwoFactorSection() {
  const status = trpc.auth.twoFactor.useQuery();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const setMessage = useActionNotice();

  const showCodes = (recoveryCodes: string[]) => {
    setSetup(null);
    setCodes(recoveryCodes);
    void status.refetch();
  };

  return (
    <section className="admin-panel" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">{t.heading}</h2>
      {codes ? (
        <RecoveryCodesView codes={codes} onDone={() => setCodes(null)} />
      ) : setup ? (
        <ConfirmSetup setup={setup} onConfirmed={showCodes} onCancel={() => setSetup(null)} />
      ) : (
        <QueryView query={status}>
          {(current) =>
            current.enabled ? (
              <ManageTwoFactor
                codesLeft={current.recovery_codes_left}
                onNewCodes={showCodes}
                onTurnedOff={() => {
                  setMessage({ success: 'Two-factor sign-in is off: your password alone signs you in.' });
                  void status.refetch();
                }}
              />
            ) : (
              <StartSetup
                onStarted={(started) => {
                  setMessage({});
                  setSetup(started);
                }}
              />
            )
          }
        </QueryView>
      )}
    </section>
  );
}

function StartSetup({ onStarted }: { onStarted: (setup: TwoFactorSetup) => void }) {
  const begin = trpc.auth.beginTwoFactorSetup.useMutation();
  const [error, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<TwoFactorSetupInput>({
    resolver: zodResolver(twoFactorSetupInputSchema),
    defaultValues: { current_password: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onStarted(await begin.mutateAsync(values));
    } catch (failure) {
      setFormError(applyServerErrors(failure, setError, ['current_password']));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={formState.isSubmitting}>
      <p>
        Two-factor sign-in is off. Turn it on to ask for a code from an authenticator app (Google Authenticator,
        Microsoft Authenticator, 1Password, Aegis …) after your password.
      </p>
      <FormMessage error={error} />
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        error={formState.errors.current_password?.message}
        {...register('current_password')}
      />
      <button type="submit" className="admin-button admin-button--primary" disabled={formState.isSubmitting}>
        {t.setUp}
      </button>
    </form>
  );
}

function ConfirmSetup({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const confirm = trpc.auth.confirmTwoFactorSetup.useMutation();
  const [error, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<TotpCodeInput>({
    resolver: zodResolver(totpCodeInputSchema),
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onConfirmed((await confirm.mutateAsync(values)).recovery_codes);
    } catch (failure) {
      setFormError(applyServerErrors(failure, setError, ['code']));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={formState.isSubmitting}>
      <p>1. Scan this QR code with your authenticator app:</p>
      <img className="two-factor-qr" src={setup.qr_code} alt="QR code to add this site to your authenticator app" />
      <p>
        Or enter this key in the app by hand:{' '}
        <code className="two-factor-key" data-testid="two-factor-key">
          {groupsOf(setup.secret)}
        </code>
      </p>
      <p>2. Enter the 6-digit code the app shows, to turn two-factor sign-in on.</p>
      <FormMessage error={error} />
      <Field
        label={t.authenticationCode}
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        error={formState.errors.code?.message}
        {...register('code')}
      />
      <button type="submit" className="admin-button admin-button--primary" disabled={formState.isSubmitting}>
        {t.turnOn}
      </button>{' '}
      <button type="button" className="admin-button" onClick={onCancel}>
        {LABELS.cancel}
      </button>
    </form>
  );
}

function ManageTwoFactor({
  codesLeft,
  onNewCodes,
  onTurnedOff,
}: {
  codesLeft: number;
  onNewCodes: (codes: string[]) => void;
  onTurnedOff: () => void;
}) {
  const disable = trpc.auth.disableTwoFactor.useMutation();
  const regenerate = trpc.auth.regenerateRecoveryCodes.useMutation();
  const [error, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<SecondFactorCodeInput>({
    resolver: zodResolver(secondFactorCodeInputSchema),
    defaultValues: { code: '' },
  });
  const submitWith = (work: (code: string) => Promise<void>) =>
    handleSubmit(async (values) => {
      setFormError(null);
      try {
        await work(values.code);
      } catch (failure) {
        setFormError(applyServerErrors(failure, setError, ['code']));
      }
    });
  const turnOff = submitWith(async (code) => {
    await disable.mutateAsync({ code });
    onTurnedOff();
  });
  const newCodes = submitWith(async (code) => onNewCodes((await regenerate.mutateAsync({ code })).recovery_codes));

  return (
    <form onSubmit={(event) => event.preventDefault()} noValidate aria-busy={formState.isSubmitting}>
      <p>
        Two-factor sign-in is on. {codesLeft === 1 ? '1 recovery code is' : `${codesLeft} recovery codes are`} left.
      </p>
      <FormMessage error={error} />
      <Field
        label={t.authenticationCode}
        hint="The code of your authenticator app, or a recovery code."
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={formState.errors.code?.message}
        {...register('code')}
      />
      <button type="button" className="admin-button" onClick={() => void newCodes()} disabled={formState.isSubmitting}>
        {t.newRecoveryCodes}
      </button>{' '}
      <button
        type="button"
        className="admin-button admin-button--danger"
        onClick={() => void turnOff()}
        disabled={formState.isSubmitting}
      >
        {t.turnOff}
      </button>
    </form>
  );
}

/** The recovery codes, shown this once: to copy or download before leaving. */
function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const setMessage = useActionNotice();
  const text = `Recovery codes for ${window.location.host} (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setMessage({ success: 'The recovery codes have been copied.' });
    } catch {
      setMessage({ error: 'The codes could not be copied: select them and copy them, or download them.' });
    }
  };
  return (
    <div>
      <p>Two-factor sign-in is on.</p>
      <p>
        <strong>Save these recovery codes now: they are shown only this once.</strong> Each one signs you in once if you
        lose your phone.
      </p>
      <ol className="two-factor-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <button type="button" className="admin-button" onClick={() => void copy()}>
        {t.copyCodes}
      </button>{' '}
      <a
        className="admin-button"
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
        download="recovery-codes.txt"
      >
        {t.downloadCodes}
      </a>{' '}
      <button type="button" className="admin-button admin-button--primary" onClick={onDone}>
        {t.done}
      </button>
    </div>
  );
}
