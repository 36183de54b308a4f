import { applicationSteps, type RecordPart } from '@ccap/contracts';
import type { TFunction } from 'i18next';

/** A part of the record named as the wizard's step that asks for it. */
export const partTitle = (t: TFunction, part: RecordPart) =>
  t(`application.steps.${applicationSteps.filter((step) => step.field === part).at(-1)!.id}.title`);
