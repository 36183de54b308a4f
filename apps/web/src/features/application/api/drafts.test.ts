import type { DraftRecord } from '@ccap/contracts';
import { describe, expect, it } from 'vitest';
import { latestDraft, resumePathOf } from './drafts';

const draft = (id: number, providerType: unknown): DraftRecord => ({
  id,
  userEmail: '',
  applicationJson: JSON.stringify({ providerType }),
  version: 1,
  updatedAt: '2026-11-21T00:00:00.000Z',
});

describe('Pick where you left', () => {
  it('takes the draft with the highest id', () => {
    expect(latestDraft([draft(3, 'registeredprovider'), draft(9, 'unregisteredprovider'), draft(5, 'x')])?.id).toBe(9);
    expect(latestDraft([])).toBeUndefined();
  });

  it('opens the dialog route of its provider type, compared case-insensitively', () => {
    expect(resumePathOf(draft(9, 'UnRegisteredProvider'))).toBe(
      '/registeredapplication/registration/unregisteredprovider?draft=9',
    );
    expect(resumePathOf(draft(4, 'REGISTEREDPROVIDER'))).toBe(
      '/registeredapplication/registration/registeredprovider?draft=4',
    );
    expect(resumePathOf(draft(5, 'spaceship'))).toBeUndefined();
    expect(resumePathOf({ ...draft(6, ''), applicationJson: '{broken' })).toBeUndefined();
    expect(resumePathOf(undefined)).toBeUndefined();
  });
});
