import { type ChangePart, changeParts } from '@ccap/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { fieldClasses, TextField } from '@/components/ui/text-field';
import { useCreateChange } from '../api/change-actions';
import { useMyProviderRecord } from '../api/get-my-provider-record';
import { changeErrorMessage } from '../components/change-errors';
import { ChangePageFrame } from '../components/change-page-frame';
import { partTitle } from '../components/part-title';

/** /my-provider-record/changes/new: what changed and from when; the parts are filled in next. */
export function NewChangePage() {
  const { t } = useTranslation();
  const record = useMyProviderRecord();
  return (
    <ChangePageFrame
      title={t('providerRecord.report.title')}
      backTo="/my-provider-record"
      backLabel={t('providerRecord.report.back')}
    >
      {record.isPending ? (
        <Spinner label={t('providerRecord.loading')} />
      ) : record.isError || record.data.record === null || record.data.record.inForce === null ? (
        <p>{t('providerRecord.none')}</p>
      ) : (
        <NewChangeForm
          applicationId={record.data.record.applicationId}
          today={record.data.record.on}
          answers={record.data.record.inForce.answers}
        />
      )}
    </ChangePageFrame>
  );
}

function NewChangeForm({
  applicationId,
  today,
  answers,
}: {
  applicationId: number;
  today: string;
  answers: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateChange(applicationId);
  const [parts, setParts] = useState<ChangePart[]>([]);
  const [effectiveDate, setEffectiveDate] = useState(today);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const toggle = (part: ChangePart, on: boolean) =>
    setParts((chosen) => (on ? [...chosen, part] : chosen.filter((other) => other !== part)));
  const start = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (parts.length === 0) return setError(t('providerRecord.report.pickOne'));
    // The draft starts from the record's answers of those parts: the provider changes what differs.
    const current = Object.fromEntries(parts.map((part) => [part, answers[part]]));
    create
      .mutateAsync({ parts, answers: current, effectiveDate, ...(note.trim() ? { note: note.trim() } : {}) })
      .then((change) => navigate(`/my-provider-record/changes/${change.changeId}`))
      .catch((failure: unknown) => setError(changeErrorMessage(t, failure)));
  };
  return (
    <form onSubmit={start} className="space-y-6" noValidate>
      <fieldset className="space-y-2">
        <legend className="font-semibold">{t('providerRecord.report.whatChanged')}</legend>
        {changeParts.map((part) => (
          <div key={part} className="flex items-center gap-2">
            <input
              id={`part-${part}`}
              type="checkbox"
              className="size-5"
              checked={parts.includes(part)}
              onChange={(event) => toggle(part, event.target.checked)}
            />
            <label htmlFor={`part-${part}`}>{t(`providerRecord.report.parts.${part}`)}</label>
          </div>
        ))}
      </fieldset>
      <div className="max-w-xs">
        <TextField
          id="effective-date"
          type="date"
          label={t('providerRecord.change.effectiveDate')}
          hint={t('providerRecord.report.effectiveHint')}
          value={effectiveDate}
          onChange={(event) => setEffectiveDate(event.target.value)}
          required
        />
      </div>
      <div>
        <label htmlFor="change-note" className="block font-semibold">
          {t('providerRecord.change.note')}
        </label>
        <textarea
          id="change-note"
          className={fieldClasses}
          rows={3}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <p className="text-sm">{parts.map((part) => partTitle(t, part)).join(', ')}</p>
      <Button type="submit" disabled={create.isPending}>
        {t('providerRecord.report.continue')}
      </Button>
    </form>
  );
}
