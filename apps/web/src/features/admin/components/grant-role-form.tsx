import { type GrantRoleRequest, grantRoleRequestSchema, staffRoles } from '@ccap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldErrorText, SERVER, zodOptionsWith } from '@/components/ui/form/error-messages';
import { FormErrorSummary } from '@/components/ui/form/form-error-summary';
import { RadioGroupField } from '@/components/ui/radio-group-field';
import { TextField } from '@/components/ui/text-field';
import { grantErrorOf } from '../admin-errors';
import { useGrantRole } from '../api/grant-role';
import { CountyPickerField } from './county-picker';

/** The ids the error summary links to: react-hook-form's paths, as on the page. */
const ids = { email: 'email', role: 'role', counties: 'counties' } as const;

const words = {
  email: { required: 'validation.emailRequired', invalid: 'validation.emailInvalid' },
  role: { required: 'admin.grant.roleRequired' },
};

/** "Grant a role": a person who has signed in once, a staff role, and the counties they work in. */
export function GrantRoleForm() {
  const { t } = useTranslation();
  const grant = useGrantRole();
  const [formError, setFormError] = useState<string>();
  const [granted, setGranted] = useState<string>();
  const form = useForm<z.input<typeof grantRoleRequestSchema>, unknown, GrantRoleRequest>({
    resolver: zodResolver(grantRoleRequestSchema, zodOptionsWith(words)),
    defaultValues: { email: '', counties: [] },
    shouldFocusError: false,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (request) => {
    setGranted(undefined);
    setFormError(undefined);
    await grant.mutateAsync(request).then(
      (member) => {
        setGranted(t('admin.grant.success', { role: t(`roles.${request.role}`), name: member.name || member.email }));
        form.reset();
      },
      (error: unknown) => {
        const found = grantErrorOf(t, error);
        if (found.field === 'form') setFormError(found.message);
        else form.setError(found.field, { type: SERVER, message: found.message });
      },
    );
  });

  return (
    <section aria-labelledby="grant-heading" className="max-w-3xl space-y-6">
      <h2 id="grant-heading" className="text-2xl font-bold">
        {t('admin.grant.heading')}
      </h2>
      <p>{t('admin.grant.intro')}</p>
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-6">
          <FormErrorSummary />
          <div className="sm:max-w-md">
            <TextField
              id={ids.email}
              type="email"
              label={t('admin.grant.email')}
              hint={t('admin.grant.emailHint')}
              autoComplete="off"
              spellCheck={false}
              error={fieldErrorText(t, errors.email)}
              {...form.register('email')}
            />
          </div>

          <RadioGroupField
            id={ids.role}
            idPrefix="grant-role"
            legend={t('admin.grant.role')}
            error={fieldErrorText(t, errors.role)}
            options={staffRoles.map((value) => ({ value, label: t(`roles.${value}`) }))}
            registration={form.register('role')}
          />

          <CountyPickerField id={ids.counties} />

          <div aria-live="polite">{granted ? <Alert tone="success">{granted}</Alert> : null}</div>
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <Button type="submit" disabled={grant.isPending}>
            {grant.isPending ? t('forms.sending') : t('admin.grant.submit')}
          </Button>
        </form>
      </FormProvider>
    </section>
  );
}
