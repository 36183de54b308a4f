import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorSummary } from '../error-summary';
import { useSummaryErrors } from './field-labels';

/**
 * The error summary of a react-hook-form form, derived from its errors once it was submitted;
 * it follows the fields while the user corrects them. With `takeFocus`, each failed submit
 * moves the focus to it; without, the form focuses its first invalid field itself.
 */
export function FormErrorSummary({ title, takeFocus = true }: { title?: string; takeFocus?: boolean }) {
  const { t } = useTranslation();
  const {
    formState: { errors, isSubmitted, submitCount },
  } = useFormContext();
  const entries = useSummaryErrors(t, errors);
  return (
    <ErrorSummary
      title={title ?? t('forms.errorSummary')}
      errors={isSubmitted ? entries : []}
      takeFocus={takeFocus}
      focusOn={submitCount}
    />
  );
}
