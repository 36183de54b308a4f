import type { ProviderChange } from '@ccap/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, linkClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { fieldClasses } from '@/components/ui/text-field';
import { useIntlFormat } from '@/lib/intl-format';
import { unavailableMessage } from '@/lib/unavailable-message';
import { useDecideChange } from '../api/change-actions';
import { useChange } from '../api/get-change';
import { ChangeDocumentsSection } from '../components/change-documents';
import { ChangePageFrame } from '../components/change-page-frame';
import { ChangeDiffSection, ChangeRfiSection } from '../components/change-sections';
import { ChangeSummary } from '../components/change-summary';
import { changeErrorMessage } from '../components/change-errors';

/**
 * /staff/changes/{id}: one reported change, before and after, its documents, its requests for
 * information (composed in by app/) and the decision on it.
 */
export function StaffChangePage({ renderRfis }: { renderRfis?: (change: ProviderChange) => ReactNode }) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const change = useChange(id);
  return (
    <ChangePageFrame
      title={t('providerRecord.staff.reviewTitle', { id })}
      backTo="/staff/changes"
      backLabel={t('providerRecord.staff.back')}
    >
      {change.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : change.isError ? (
        <Alert tone="error">{unavailableMessage(t, change.error) ?? t('providerRecord.staff.loadFailed')}</Alert>
      ) : (
        <Review change={change.data} renderRfis={renderRfis} />
      )}
    </ChangePageFrame>
  );
}

function Review({
  change,
  renderRfis,
}: {
  change: ProviderChange;
  renderRfis: ((change: ProviderChange) => ReactNode) | undefined;
}) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const decide = useDecideChange();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const run = (action: 'approve' | 'deny') => (event?: FormEvent) => {
    event?.preventDefault();
    setError(undefined);
    decide
      .mutateAsync({
        changeId: change.changeId,
        action,
        version: change.version,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        ...(action === 'approve' && change.conflict ? { overVersion: change.currentRecordVersion } : {}),
      })
      .catch((failure: unknown) => setError(changeErrorMessage(t, failure)));
  };
  return (
    <div className="space-y-6">
      <ChangeSummary change={change} />
      <p>
        <Link to={`/staff/records/${change.applicationId}`} className={linkClasses}>
          {t('providerRecord.staffView.open')}
        </Link>
      </p>
      {change.conflict ? (
        <Alert tone="info">
          {t('providerRecord.change.conflict', {
            basedOn: change.basedOnVersion,
            current: change.currentRecordVersion,
          })}
        </Alert>
      ) : null}
      <ChangeDiffSection change={change} withCurrent />
      {change.documentsNeeded.length > 0 ? <ChangeDocumentsSection changeId={change.changeId} /> : null}
      {renderRfis ? <ChangeRfiSection>{renderRfis(change)}</ChangeRfiSection> : null}
      {change.status === 'submitted' ? (
        <section aria-labelledby="decision-heading" className="space-y-3">
          <h2 id="decision-heading" className="text-xl font-semibold">
            {t('providerRecord.staff.decision')}
          </h2>
          <div>
            <label htmlFor="decision-reason" className="block font-semibold">
              {t('providerRecord.staff.reason')}
            </label>
            <p id="decision-reason-hint" className="text-sm">
              {t('providerRecord.staff.reasonHint')}
            </p>
            <textarea
              id="decision-reason"
              aria-describedby="decision-reason-hint"
              className={fieldClasses}
              rows={3}
              maxLength={2000}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="flex flex-wrap gap-3">
            <Button onClick={run('approve')} disabled={decide.isPending}>
              {change.conflict
                ? t('providerRecord.staff.approveOver', { version: change.currentRecordVersion })
                : t('providerRecord.staff.approve')}
            </Button>
            <Button variant="secondary" onClick={run('deny')} disabled={decide.isPending}>
              {t('providerRecord.staff.deny')}
            </Button>
          </div>
        </section>
      ) : (
        <p role="status">
          {t(`providerRecord.changeStatus.${change.status}`)}
          {change.decidedAt ? ` · ${format.dayOf(change.decidedAt)}` : ''}
          {change.decisionReason ? ` · ${change.decisionReason}` : ''}
        </p>
      )}
    </div>
  );
}
