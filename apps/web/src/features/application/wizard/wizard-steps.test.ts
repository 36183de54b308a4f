import { applicationStepIds, type DraftRecord, stepStates } from '@ccap/contracts';
import { describe, expect, it } from 'vitest';
import { providerInfo } from '@/test/application-fixtures';
import { pickDraft } from './use-application-draft';
import {
  firstOpenStep,
  initialValues,
  reachable,
  stepById,
  stepsAt,
  withStepValues,
  wizardSteps,
} from './wizard-steps';

describe('the wizard step table', () => {
  it('follows the contract’s eleven steps, in order, each with its fields or the review page', () => {
    expect(wizardSteps.map((step) => step.id)).toEqual(applicationStepIds);
    expect(wizardSteps.filter((step) => !step.Fields).map((step) => step.id)).toEqual(['complete-application-form']);
  });

  it('lets optional steps be skipped but not required ones', () => {
    const fresh = stepStates({ providerType: 'registeredprovider' });
    // Provider information (required) is the first step a new draft cannot go past.
    expect(wizardSteps.map((step) => reachable(fresh, step.index))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    const started = stepStates({ providerType: 'registeredprovider', providerInfo });
    expect(reachable(started, stepById('address-form')!.index)).toBe(true);
    expect(reachable(started, stepById('child-form')!.index)).toBe(false);
  });

  it('reopens a draft after the last step started, or at the first unfinished required step', () => {
    expect(firstOpenStep(stepStates({ providerType: 'registeredprovider' })).id).toBe('apply-category');
    expect(firstOpenStep(stepStates({ providerType: 'registeredprovider', providerInfo })).id).toBe('address-form');
    const withErrors = stepStates({
      providerType: 'registeredprovider',
      providerInfo: { ...providerInfo, phone: '12' },
      address: { county: 'polk' },
    });
    expect(firstOpenStep(withErrors).id).toBe('provider-information');
  });

  it('merges the two steps that share categoryTypes, and replaces the others', () => {
    const application = {
      providerType: 'unregisteredprovider' as const,
      categoryTypes: { providerTypeCode: 'non-registered-home' },
      address: { mailing: { city: 'Ames' } },
    };
    const categoryStep = stepById('category-types-v1')!;
    expect(withStepValues(application, categoryStep, { categoryCode: 'home' }).categoryTypes).toEqual({
      providerTypeCode: 'non-registered-home',
      categoryCode: 'home',
    });
    expect(withStepValues(application, stepById('address-form')!, { county: 'story' }).address).toEqual({
      county: 'story',
    });
  });

  it('starts a step from its defaults under what was saved', () => {
    const w9 = stepById('w9-info-form')!;
    expect(
      initialValues(w9, 'registeredprovider', {
        providerType: 'registeredprovider',
        providerInfo,
        address: { careLocation: { city: 'Des Moines' }, mailingSameAsCare: true },
      }),
    ).toMatchObject({ legalName: 'Nia Provider', address: { city: 'Des Moines' }, certified: false });
    const applyCategory = stepById('apply-category')!;
    expect(initialValues(applyCategory, 'registeredprovider', { providerType: 'registeredprovider' })).toEqual({
      providerTypeCode: 'registered-cdh',
    });
    expect(initialValues(applyCategory, 'unregisteredprovider', { providerType: 'unregisteredprovider' })).toEqual({});
  });

  it('drops what the user hid before the rules run', () => {
    const address = stepById('address-form')!;
    expect(address.prepare?.({ mailingSameAsCare: true, mailing: { city: '' } })).toEqual({ mailingSameAsCare: true });
    const hours = stepById('operation-hours-form')!;
    expect(hours.prepare?.({ days: [{ day: 'sunday', open: false, start: '07:00', end: '06:00' }] })).toEqual({
      days: [{ day: 'sunday', open: false }],
    });
  });
});

const record = (id: number, application: object): DraftRecord => ({
  id,
  userEmail: '',
  applicationJson: JSON.stringify(application),
  version: id,
  updatedAt: '2026-11-21T00:00:00.000Z',
});

describe('which draft the wizard opens', () => {
  const drafts = [
    record(3, { providerType: 'registeredprovider', providerInfo }),
    record(7, { providerType: 'RegisteredProvider' }),
    record(9, { providerType: 'unregisteredprovider' }),
  ];

  it('the one in the address, else the latest of the route’s provider type, else a new one', () => {
    expect(pickDraft(drafts, 'registeredprovider', 3).id).toBe(3);
    expect(pickDraft(drafts, 'registeredprovider').id).toBe(7);
    expect(pickDraft(drafts, 'unregisteredprovider').id).toBe(9);
    expect(pickDraft([], 'unregisteredprovider')).toEqual({ application: { providerType: 'unregisteredprovider' } });
  });

  it('ignores a draft id that is not the user’s, and normalises the provider type to the route', () => {
    expect(pickDraft(drafts, 'registeredprovider', 404).id).toBe(7);
    expect(pickDraft(drafts, 'registeredprovider').application.providerType).toBe('registeredprovider');
  });
});

describe('stepsAt', () => {
  it("finds the steps a refused submission's field paths point at, each once, in order", () => {
    expect(stepsAt(['address.county']).map((step) => step.id)).toEqual(['address-form']);
    expect(stepsAt(['w9-info-form', 'providerInfo.phone', 'providerInfo.lastName']).map((step) => step.id)).toEqual([
      'provider-information',
      'w9-info-form',
    ]);
    expect(stepsAt(['applicationJson.providerType', 'addresses.x'])).toEqual([]);
  });
});
