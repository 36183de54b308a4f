import { PASSWORD_MIN_LENGTH } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';

/** A new password and its confirmation, with the rules shown before the user types. */
export function PasswordFields({
  errorFor,
  label,
}: {
  errorFor: (field: string) => string | undefined;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        id="password"
        type="password"
        label={label}
        hint={t('auth.fields.passwordRules', { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        error={errorFor('password')}
      />
      <TextField
        id="confirmPassword"
        type="password"
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
        error={errorFor('confirmPassword')}
      />
    </>
  );
}
