import { applicationPdfFileName, applicationPdfPath, type SubmitApplicationResponse } from '@ccap/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { apiDownload } from '@/lib/api-client';
import { useIntlFormat } from '@/lib/intl-format';
import { isLocaleCode, localeFileOf } from '@/lib/locales';
import { unavailableMessage } from '@/lib/unavailable-message';

/** After Submit: the application number, what happens next and a PDF copy of what was sent. */
export function Confirmation({
  applicationId,
  submittedAt,
}: {
  applicationId: number;
  submittedAt?: SubmitApplicationResponse['submittedAt'];
}) {
  const { t, i18n } = useTranslation();
  const format = useIntlFormat();
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState<{ error: unknown }>();

  const download = async () => {
    setDownloading(true);
    setFailed(undefined);
    try {
      const lang = localeFileOf(i18n.language);
      await apiDownload(
        applicationPdfPath(
          applicationId,
          isLocaleCode(lang) ? lang : undefined,
          Intl.DateTimeFormat().resolvedOptions().timeZone,
        ).replace(/^\/api\//, ''),
        applicationPdfFileName(applicationId),
      );
    } catch (error) {
      setFailed({ error });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="space-y-6">
      <Alert tone="success" title={t('application.confirmation.title')}>
        <p>{t('application.confirmation.body', { id: applicationId })}</p>
        {submittedAt ? <p>{t('application.confirmation.submittedOn', { date: format.dayOf(submittedAt) })}</p> : null}
      </Alert>
      <p>{t('application.confirmation.next')}</p>
      {failed ? <Alert tone="error">{unavailableMessage(t, failed.error) ?? t('forms.unexpectedError')}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void download()} disabled={downloading}>
          {t('application.confirmation.pdf')}
        </Button>
        <Link to="/dashboard" className={buttonClasses('secondary')}>
          {t('application.confirmation.dashboard')}
        </Link>
      </div>
    </div>
  );
}
