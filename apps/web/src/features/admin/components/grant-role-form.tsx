import { grantRoleRequestSchema, staffRoles, type StaffRole } from '@ccap/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ErrorSummary, type SummaryError } from '@/components/ui/error-summary';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useProgramProfile } from '@/lib/program-profile';
import { unavailableMessage } from '@/lib/unavailable-message';
import { grantErrorOf } from '../admin-errors';
import { useGrantRole } from '../api/grant-role';
import { CountyPicker } from './county-picker';

const ids = { email: 'grant-email', role: `grant-role-${staffRoles[0]}`, counties: 'grant-counties-filter' } as const;

/** "Grant a role": a person who has signed in once, a staff role, and the counties they work in. */
export function GrantRoleForm() {
  const { t } = useTranslation();
  const profile = useProgramProfile();
  const grant = useGrantRole();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole | ''>('');
  const [counties, setCounties] = useState<string[]>([]);
  const [errors, setErrors] = useState<SummaryError[]>([]);
  const [formError, setFormError] = useState<string>();
  const [granted, setGranted] = useState<string>();
  const errorFor = (field: string) => errors.find((error) => error.field === field)?.message;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setGranted(undefined);
    setFormError(undefined);
    const parsed = grantRoleRequestSchema.safeParse({ email, role, counties });
    if (!parsed.success) {
      const found: SummaryError[] = [];
      const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]));
      if (fields.has('email')) {
        found.push({
          field: ids.email,
          message: t(email.trim() ? 'validation.emailInvalid' : 'validation.emailRequired'),
        });
      }
      if (fields.has('role')) found.push({ field: ids.role, message: t('admin.grant.roleRequired') });
      return setErrors(found);
    }
    setErrors([]);
    grant.mutate(parsed.data, {
      onSuccess: (member) => {
        setGranted(
          t('admin.grant.success', { role: t(`roles.${parsed.data.role}`), name: member.name || member.email }),
        );
        setEmail('');
        setRole('');
        setCounties([]);
      },
      onError: (error) => {
        const found = grantErrorOf(t, error);
        if (found.field === 'form') setFormError(found.message);
        else setErrors([{ field: ids[found.field], message: found.message }]);
      },
    });
  };

  const roleError = errorFor(ids.role);
  return (
    <section aria-labelledby="grant-heading" className="max-w-3xl space-y-6">
      <h2 id="grant-heading" className="text-2xl font-bold">
        {t('admin.grant.heading')}
      </h2>
      <p>{t('admin.grant.intro')}</p>
      <ErrorSummary title={t('forms.errorSummary')} errors={errors} />
      <form noValidate onSubmit={onSubmit} className="space-y-6">
        <div className="sm:max-w-md">
          <TextField
            id={ids.email}
            type="email"
            label={t('admin.grant.email')}
            hint={t('admin.grant.emailHint')}
            autoComplete="off"
            spellCheck={false}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errorFor(ids.email)}
          />
        </div>

        <fieldset aria-describedby={roleError ? 'grant-role-error' : undefined}>
          <legend className="font-semibold">{t('admin.grant.role')}</legend>
          {roleError ? (
            <p id="grant-role-error" className="mt-1 font-semibold text-red-700 dark:text-red-300">
              {roleError}
            </p>
          ) : null}
          <div className="mt-2 space-y-2">
            {staffRoles.map((value) => (
              <div key={value} className="flex items-center gap-3">
                <input
                  id={`grant-role-${value}`}
                  type="radio"
                  name="role"
                  value={value}
                  checked={role === value}
                  onChange={() => setRole(value)}
                  className="size-5 shrink-0 accent-blue-700 dark:accent-blue-400"
                />
                <label htmlFor={`grant-role-${value}`}>{t(`roles.${value}`)}</label>
              </div>
            ))}
          </div>
        </fieldset>

        {profile.data ? (
          <CountyPicker
            id={ids.counties}
            counties={profile.data.counties}
            selected={counties}
            onChange={setCounties}
            error={errorFor(ids.counties)}
          />
        ) : profile.isError ? (
          <Alert tone="error">{unavailableMessage(t, profile.error) ?? t('admin.grant.countiesError')}</Alert>
        ) : (
          <Spinner label={t('app.loading')} />
        )}

        <div aria-live="polite">{granted ? <Alert tone="success">{granted}</Alert> : null}</div>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <Button type="submit" disabled={grant.isPending}>
          {grant.isPending ? t('forms.sending') : t('admin.grant.submit')}
        </Button>
      </form>
    </section>
  );
}
