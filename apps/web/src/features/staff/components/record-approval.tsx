import { useTranslation } from 'react-i18next';
import { useIntlFormat } from '@/lib/intl-format';
import { useRecordApproval } from '../api/get-record-approval';

/** An approved application's approval end, as its record has it (ADR 107): the day, days left, lapsed. */
export function RecordApproval({ applicationId }: { applicationId: number }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const approval = useRecordApproval(applicationId).data;
  if (!approval) return null;
  const date = format.date(approval.endsOn);
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(0,14rem)_1fr]">
      <dt className="font-semibold">{t('providerRecord.approval.label')}</dt>
      <dd>
        {approval.lapsed
          ? t('providerRecord.approval.lapsedValue', { date })
          : t('providerRecord.approval.value', { date, days: approval.daysLeft })}
      </dd>
    </dl>
  );
}
