import { APPROVAL_ENDING_SOON_DAYS, type ApprovalTerm } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { useIntlFormat } from '@/lib/intl-format';

/**
 * Shared by the dashboard and "My provider record": what the provider should know of their approval's end (ADR 107): that it has lapsed and what
 * to do, or, in its last 90 days, when it ends and that it is time to renew. Nothing before.
 */
export function ApprovalNotice({ approval }: { approval: ApprovalTerm }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const date = format.date(approval.endsOn);
  if (approval.lapsed) return <Alert tone="error">{t('providerRecord.approval.lapsed', { date })}</Alert>;
  if (approval.daysLeft > APPROVAL_ENDING_SOON_DAYS) return null;
  return <Alert tone="info">{t('providerRecord.approval.endsSoon', { date, days: approval.daysLeft })}</Alert>;
}
