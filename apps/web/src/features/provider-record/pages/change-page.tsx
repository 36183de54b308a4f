import type { ChangePart, DraftApplication, ProviderChange } from '@ccap/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { unavailableMessage } from '@/lib/unavailable-message';
import { useChangeStep, useSaveChange } from '../api/change-actions';
import { useChange } from '../api/get-change';
import { useMyProviderRecord } from '../api/get-my-provider-record';
import { ChangeDocumentsSection } from '../components/change-documents';
import { ChangePageFrame } from '../components/change-page-frame';
import { ChangeDiffSection, ChangeRfiSection } from '../components/change-sections';
import { changeErrorMessage } from '../components/change-errors';
import { ChangeSummary } from '../components/change-summary';
import { partTitle } from '../components/part-title';

/** The wizard's step for a part of the record, which app/ composes in from the application feature. */
export type ChangeStepRenderer = (props: {
  part: ChangePart;
  application: DraftApplication;
  saving: boolean;
  onComplete: (value: unknown) => Promise<boolean>;
}) => ReactNode;

/** The requests for information on a sent change, which app/ composes in from the RFI feature. */
export type ChangeRfiRenderer = (change: ProviderChange) => ReactNode;

/** /my-provider-record/changes/{id}: a reported change; while a draft, its parts are filled in here. */
export function ChangePage({
  renderStep,
  renderRfis,
}: {
  renderStep: ChangeStepRenderer;
  renderRfis?: ChangeRfiRenderer;
}) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const change = useChange(id);
  const record = useMyProviderRecord();
  return (
    <ChangePageFrame
      title={t('providerRecord.report.changeTitle', { id })}
      backTo="/my-provider-record"
      backLabel={t('providerRecord.report.back')}
    >
      {change.isPending || record.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : change.isError ? (
        <Alert tone="error">{unavailableMessage(t, change.error) ?? t('providerRecord.errors.failed')}</Alert>
      ) : (
        <ChangeView
          change={change.data}
          record={record.data?.record?.inForce?.answers}
          renderStep={renderStep}
          renderRfis={renderRfis}
        />
      )}
    </ChangePageFrame>
  );
}

function ChangeView({
  change,
  record,
  renderStep,
  renderRfis,
}: {
  change: ProviderChange;
  record: DraftApplication | undefined;
  renderStep: ChangeStepRenderer;
  renderRfis: ChangeRfiRenderer | undefined;
}) {
  const { t } = useTranslation();
  const save = useSaveChange();
  const submit = useChangeStep('submit');
  const withdraw = useChangeStep('withdraw');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const application: DraftApplication | undefined = record ? { ...record, ...change.after } : undefined;
  const fail = (failure: unknown) => setError(changeErrorMessage(t, failure));
  const savePart = (part: ChangePart) => async (value: unknown) => {
    setError(undefined);
    try {
      await save.mutateAsync({
        changeId: change.changeId,
        version: change.version,
        parts: change.parts,
        answers: { ...change.after, [part]: value },
        effectiveDate: change.effectiveDate,
        ...(change.note ? { note: change.note } : {}),
      });
      setDone(t('providerRecord.report.saved', { part: partTitle(t, part) }));
      return true;
    } catch (failure) {
      fail(failure);
      return false;
    }
  };
  const step = (action: typeof submit) => () => {
    setError(undefined);
    action.mutateAsync({ changeId: change.changeId, version: change.version }).catch(fail);
  };
  return (
    <div className="space-y-8">
      <ChangeSummary change={change} />
      <ChangeDiffSection change={change} />
      {change.status === 'draft' && application
        ? change.parts.map((part) => (
            <section key={part} className="space-y-3 rounded-md border border-slate-300 p-4 dark:border-slate-600">
              {renderStep({ part, application, saving: save.isPending, onComplete: savePart(part) })}
            </section>
          ))
        : null}
      {change.documentsNeeded.length > 0 ? <ChangeDocumentsSection changeId={change.changeId} /> : null}
      {done ? <Alert tone="success">{done}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        {change.status === 'draft' ? (
          <Button onClick={step(submit)} disabled={submit.isPending}>
            {t('providerRecord.report.send')}
          </Button>
        ) : null}
        {change.status === 'draft' || change.status === 'submitted' ? (
          <Button variant="secondary" onClick={step(withdraw)} disabled={withdraw.isPending}>
            {t('providerRecord.report.withdraw')}
          </Button>
        ) : null}
      </div>
      {change.status !== 'draft' && renderRfis ? <ChangeRfiSection>{renderRfis(change)}</ChangeRfiSection> : null}
    </div>
  );
}
