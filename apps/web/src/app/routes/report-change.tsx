import type { ProviderChange } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { useLookups } from '@/api/get-lookups';
import { useLookupLabels } from '@/components/application/lookup-labels';
import { StepForm } from '@/features/application/wizard/step-form';
import { withStepValues, wizardSteps } from '@/features/application/wizard/wizard-steps';
import { ChangePage, type ChangeStepRenderer } from '@/features/provider-record/pages/change-page';
import { RfiThread } from '@/features/rfi/components/rfi-thread';
import { StaffNav } from '@/features/staff/components/staff-nav';
import { StaffChangePage } from '@/features/provider-record/pages/staff-change-page';
import { StaffRecordPage } from '@/features/provider-record/pages/staff-record-page';

/** The wizard's own step (fields, rules, messages) for one part of a reported change. */
function ChangeStep({ part, application, saving, onComplete }: Parameters<ChangeStepRenderer>[0]) {
  const { t } = useTranslation();
  const lookups = useLookups();
  const labels = useLookupLabels(lookups.data?.data ?? []);
  // The last step that asks for the part: category and capacity, not the provider type.
  const step = wizardSteps.filter((candidate) => candidate.field === part).at(-1)!;
  return (
    <>
      <h2 className="text-xl font-semibold">{t(`application.steps.${step.id}.title`)}</h2>
      <StepForm
        step={step}
        providerType={application.providerType}
        application={application}
        lookups={labels}
        saving={saving}
        maskedOnFile
        onComplete={(values) => onComplete(withStepValues(application, step, values)[step.field])}
      />
    </>
  );
}

/** A sent change's requests for information: the RFI feature's thread, one level down. */
const changeRfis = (change: ProviderChange) => (
  <RfiThread applicationId={change.applicationId} changeId={change.changeId} embedded />
);

/**
 * /my-provider-record/changes/{id}: the reported change with the application's step forms in it.
 * Features do not import each other, so app/ puts the two together.
 */
export function ChangeRoute() {
  return <ChangePage renderStep={(props) => <ChangeStep {...props} />} renderRfis={changeRfis} />;
}

/** /staff/changes/{id}: a reported change under the staff workspace's links. */
export function StaffChangeRoute() {
  return (
    <div className="space-y-8">
      <StaffNav />
      <StaffChangePage renderRfis={changeRfis} />
    </div>
  );
}

/** /staff/records/{applicationId}: a provider's record under the staff workspace's links. */
export function StaffRecordRoute() {
  return (
    <div className="space-y-8">
      <StaffNav />
      <StaffRecordPage />
    </div>
  );
}
