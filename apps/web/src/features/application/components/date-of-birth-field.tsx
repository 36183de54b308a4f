import { isMasked } from '@ccap/contracts';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { fieldIdOf } from '@/components/ui/form/error-messages';
import { InputField } from './form-fields';

/**
 * A date of birth. One already on file reaches a reported change masked (a date input cannot
 * hold the mask): it is shown as on file and kept as it is, the server putting the real one
 * back, unless the provider chooses to correct it. A new person enters one.
 */
export function DateOfBirthField({
  name,
  autoComplete,
  className,
}: {
  name: string;
  autoComplete?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const { watch, setValue, setFocus } = useFormContext();
  const value: unknown = watch(name);
  const [correcting, setCorrecting] = useState(false);
  useEffect(() => {
    if (correcting) setFocus(name);
  }, [correcting, name, setFocus]);
  const label = t('application.fields.dateOfBirth');
  if (typeof value === 'string' && isMasked(value) && !correcting) {
    const id = `${fieldIdOf(name)}-on-file`;
    return (
      <div className={className}>
        <p id={id}>
          <span className="block font-semibold">{label}</span>
          {t('application.fields.dateOfBirthOnFile')}
        </p>
        <Button
          variant="secondary"
          aria-describedby={id}
          onClick={() => {
            setValue(name, undefined, { shouldDirty: true });
            setCorrecting(true);
          }}
        >
          {t('application.fields.correctDateOfBirth')}
        </Button>
      </div>
    );
  }
  return <InputField name={name} kind="date" label={label} autoComplete={autoComplete} className={className} />;
}
