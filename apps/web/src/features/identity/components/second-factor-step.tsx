import { secondFactorCodeRequestSchema, secondFactorProblemTypes, identityProblemTypes } from '@ccap/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { ApiError, problemTypeOf } from '@/lib/api-client';
import { browserLocation } from '@/lib/browser-location';
import { useConfirmEnrolment, useStartEnrolment, useVerifySecondFactor } from '../api/second-factor';
import { generalError } from '../auth-form';
import { QrCode } from './qr-code';

/** The key in groups of four, as authenticator apps show it and people type it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** A heading that takes the focus when it appears: the step changed without a page load. */
function StepHeading({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 ref={ref} tabIndex={-1} className="text-xl font-bold focus:outline-none">
      {children}
    </h2>
  );
}

/** The words for a refused code; `onExpired` when the attempt itself has gone. */
function useCodeErrors(onExpired: () => void) {
  const { t } = useTranslation();
  return (error: unknown): string | undefined => {
    const type = problemTypeOf(error);
    if (type === identityProblemTypes.interactionExpired) {
      onExpired();
      return undefined;
    }
    if (type === secondFactorProblemTypes.invalidCode) return t('auth.secondFactor.invalidCode');
    if (type === secondFactorProblemTypes.locked) {
      const seconds = error instanceof ApiError ? (error.problem?.retryAfterSeconds ?? 60) : 60;
      return t('auth.signIn.locked', { count: Math.max(1, Math.ceil(seconds / 60)) });
    }
    return generalError(t, error);
  };
}

/** One code field and its button; the code is checked for its shape before it is sent. */
function CodeForm({
  label,
  hint,
  submit,
  pending,
  error,
  onCode,
  onInvalid,
}: {
  label: string;
  hint?: string;
  submit: string;
  pending: boolean;
  error?: string;
  onCode: (code: string) => void;
  onInvalid: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = secondFactorCodeRequestSchema.safeParse({ code });
    if (parsed.success) onCode(parsed.data.code);
    else onInvalid();
  };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <TextField
        id="code"
        label={label}
        hint={hint}
        error={error}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        spellCheck={false}
        autoCapitalize="off"
        className="font-mono"
      />
      <Button type="submit">{pending ? t('forms.sending') : submit}</Button>
    </form>
  );
}

/** The second sign-in step: a code from the authenticator app, or a recovery code. */
export function VerifySecondFactor({ uid, onExpired }: { uid: string; onExpired: () => void }) {
  const { t } = useTranslation();
  const verify = useVerifySecondFactor();
  const errorOf = useCodeErrors(onExpired);
  const [error, setError] = useState<string>();
  return (
    <div className="space-y-4">
      <StepHeading>{t('auth.secondFactor.verifyHeading')}</StepHeading>
      <p>{t('auth.secondFactor.verifyIntro')}</p>
      <CodeForm
        label={t('auth.secondFactor.codeLabel')}
        hint={t('auth.secondFactor.codeHint')}
        submit={t('auth.secondFactor.verify')}
        pending={verify.isPending || verify.isSuccess}
        error={error}
        onInvalid={() => setError(t('auth.secondFactor.codeRequired'))}
        onCode={(code) => {
          setError(undefined);
          verify.mutate(
            { uid, code },
            {
              onSuccess: ({ redirectTo }) => browserLocation.assign(redirectTo),
              onError: (failure) => setError(errorOf(failure)),
            },
          );
        }}
      />
    </div>
  );
}

/**
 * Setting up an authenticator app after the password: the key as a QR code and as text, a
 * first code to confirm it, then the recovery codes, shown this once.
 */
export function EnrolSecondFactor({ uid, onExpired }: { uid: string; onExpired: () => void }) {
  const { t } = useTranslation();
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const errorOf = useCodeErrors(onExpired);
  const [error, setError] = useState<string>();
  const startedFor = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (startedFor.current === uid) return;
    startedFor.current = uid;
    start.mutate(uid, { onError: (failure) => setError(errorOf(failure)) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uid]);

  if (confirm.data) {
    const { recoveryCodes, redirectTo } = confirm.data;
    return (
      <div className="space-y-4">
        <StepHeading>{t('auth.secondFactor.recoveryHeading')}</StepHeading>
        <Alert tone="success">{t('auth.secondFactor.enrolled')}</Alert>
        <p>{t('auth.secondFactor.recoveryIntro')}</p>
        <ol
          aria-label={t('auth.secondFactor.recoveryListLabel')}
          className="grid grid-cols-1 gap-2 font-mono text-lg sm:grid-cols-2"
          dir="ltr"
        >
          {recoveryCodes.map((code) => (
            <li key={code} className="rounded-md border border-slate-300 px-3 py-1 dark:border-slate-600">
              {code}
            </li>
          ))}
        </ol>
        <Button onClick={() => browserLocation.assign(redirectTo)}>{t('auth.secondFactor.continue')}</Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <StepHeading>{t('auth.secondFactor.enrolHeading')}</StepHeading>
      <p>{t('auth.secondFactor.enrolIntro')}</p>
      {start.isPending ? <Spinner label={t('auth.secondFactor.loading')} /> : null}
      {start.isError && error ? <Alert tone="error">{error}</Alert> : null}
      {start.data ? (
        <ol className="list-decimal space-y-4 ps-6">
          <li className="space-y-3">
            <p>{t('auth.secondFactor.scan')}</p>
            <QrCode text={start.data.otpauthUri} label={t('auth.secondFactor.qrLabel')} />
            <p>{t('auth.secondFactor.manual')}</p>
            <p>
              <span className="block font-semibold">{t('auth.secondFactor.setupKey')}</span>
              <code
                className="mt-1 block break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-lg dark:bg-slate-800"
                dir="ltr"
                data-testid="setup-key"
              >
                {grouped(start.data.secret)}
              </code>
            </p>
          </li>
          <li>
            <p className="mb-3">{t('auth.secondFactor.confirmIntro')}</p>
            <CodeForm
              label={t('auth.secondFactor.codeLabel')}
              submit={t('auth.secondFactor.confirm')}
              pending={confirm.isPending}
              error={error}
              onInvalid={() => setError(t('auth.secondFactor.codeRequired'))}
              onCode={(code) => {
                setError(undefined);
                confirm.mutate({ uid, code }, { onError: (failure) => setError(errorOf(failure)) });
              }}
            />
          </li>
        </ol>
      ) : null}
    </div>
  );
}
