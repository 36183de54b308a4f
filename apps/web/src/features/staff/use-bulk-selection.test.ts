import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queueItem } from '@/test/staff-fixtures';
import { useBulkSelection } from './use-bulk-selection';

const filters = {};

describe('useBulkSelection', () => {
  it('sends a row on screen with the version shown now, and and keeps it on another page', () => {
    const first = [queueItem({ applicationId: 1, version: 2 }), queueItem({ applicationId: 2, version: 4 })];
    const { result, rerender } = renderHook(({ items }) => useBulkSelection(items, 30, filters), {
      initialProps: { items: first },
    });
    act(() => result.current.rows.onToggle(first[0]!, true));
    act(() => result.current.rows.onToggle(first[1]!, true));

    // The worker started the review of row 1 alone: the list shows it one version on.
    rerender({ items: [queueItem({ applicationId: 1, version: 3 }), first[1]!] });
    expect(result.current.target()).toEqual({
      items: [
        { applicationId: 1, version: 3 },
        { applicationId: 2, version: 4 },
      ],
    });

    // On another page, the rows chosen before keep the versions last shown.
    rerender({ items: [queueItem({ applicationId: 9, version: 1 })] });
    expect(result.current.count).toBe(2);
    expect(result.current.target()).toEqual({
      items: [
        { applicationId: 1, version: 3 },
        { applicationId: 2, version: 4 },
      ],
    });
  });
});
