import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useIntlFormat } from '@/lib/intl-format';
import { useMyRenewal, useStartRenewal } from '@/api/renewal';

/**
 * "Renew" (ADR 117), on the dashboard and the provider's record: from 90 days before the
 * approval's last day, and after it lapsed, it opens the application wizard on the renewal
 * draft, prefilled from the record. Once the renewal is sent, says that the record stays in
 * force until it is decided. Nothing before the renewal opens.
 */
export function RenewalAction() {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const navigate = useNavigate();
  const renewal = useMyRenewal().data?.renewal;
  const start = useStartRenewal();
  if (!renewal) return null;
  if (renewal.sent) {
    return <Alert tone="info">{t('renewal.sent', { date: format.date(renewal.sent.sentOn) })}</Alert>;
  }
  if (!renewal.canRenew) return null;
  const open = async () => {
    const { draftId, providerType } = await start.mutateAsync();
    await navigate(`/registeredapplication/registration/${providerType}?draft=${draftId}`);
  };
  return (
    <div className="space-y-2">
      <p>{t('renewal.lead')}</p>
      <Button onClick={() => void open().catch(() => undefined)} disabled={start.isPending}>
        {renewal.draftId === null ? t('renewal.start') : t('renewal.continue')}
      </Button>
      {start.isError ? <Alert tone="error">{t('renewal.failed')}</Alert> : null}
    </div>
  );
}
