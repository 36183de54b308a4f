import type { QueueItem } from '@ccap/contracts';

/** One row of the staff queue as the API sends it; a test overrides the fields it is about. */
export const queueItem = (overrides: Partial<QueueItem> = {}): QueueItem => ({
  applicationId: 41,
  providerName: 'Little Acorns',
  providerType: 'registeredprovider',
  county: 'Polk',
  status: 'submitted',
  submittedAt: '2026-01-05T10:00:00.000Z',
  daysWaiting: 3,
  overdue: false,
  openRfiCount: 0,
  nextRfiDueAt: null,
  rfiOverdue: false,
  assignee: null,
  version: 1,
  ...overrides,
});
