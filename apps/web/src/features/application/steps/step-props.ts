import type { DraftApplication, ProviderType } from '@ccap/contracts';
import type { LookupLabels } from '@/components/application/lookup-labels';

/** What every step's fields get: the draft around them and the lookups in the reader's language. */
export interface StepFieldsProps {
  providerType: ProviderType;
  application: DraftApplication;
  lookups: LookupLabels;
}
