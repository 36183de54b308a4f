import { BULK_ACTION_MAX, type BulkActionRequest, type BulkFilters, type QueueItem } from '@ccap/contracts';
import { useState } from 'react';
import type { RowSelection } from './components/queue-table';

interface Chosen {
  /** The filters the rows were chosen under: other filters start an empty selection. */
  key: string;
  /** Each chosen application's version as it was last listed. */
  rows: Map<number, number>;
  /** Everything the filters match, rather than the rows. */
  allMatching: boolean;
}

export interface BulkSelection {
  count: number;
  allMatching: boolean;
  /** "Select all N matching" is offered: the page is chosen, more match, and not too many. */
  canSelectAllMatching: boolean;
  /** More match than one action takes: all matching cannot be chosen. */
  tooManyToSelectAll: boolean;
  rows: RowSelection;
  selectAllMatching: () => void;
  clear: () => void;
  /** The rows chosen (with their versions), or the filters. */
  target: () => BulkActionRequest['target'];
}

/**
 * The queue's chosen rows for a bulk action: rows across pages, or all the filters match.
 * `filters` is undefined when the address holds filters the contract refuses.
 */
export function useBulkSelection(items: QueueItem[], total: number, filters: BulkFilters | undefined): BulkSelection {
  const key = JSON.stringify(filters ?? null);
  const [state, setState] = useState<Chosen>({ key, rows: new Map(), allMatching: false });
  const chosen = state.key === key ? state : { key, rows: new Map<number, number>(), allMatching: false };
  const set = (rows: Map<number, number>, allMatching = false) => setState({ key, rows, allMatching });

  // A chosen row listed again with another version (the worker acted on it alone since) takes
  // the version now shown: the action is on the row as the worker sees it.
  const moved = items.filter(
    (item) => chosen.rows.has(item.applicationId) && chosen.rows.get(item.applicationId) !== item.version,
  );
  if (moved.length > 0) {
    const rows = new Map(chosen.rows);
    for (const item of moved) rows.set(item.applicationId, item.version);
    setState({ ...chosen, rows });
  }
  const onPage = items.filter((item) => chosen.allMatching || chosen.rows.has(item.applicationId)).length;
  const page = items.length > 0 && onPage === items.length ? 'all' : onPage > 0 ? 'some' : 'none';
  const pageRows = (rows: Map<number, number>) => {
    for (const item of items) rows.set(item.applicationId, item.version);
    return rows;
  };

  return {
    count: chosen.allMatching ? total : chosen.rows.size,
    allMatching: chosen.allMatching,
    canSelectAllMatching:
      filters !== undefined &&
      !chosen.allMatching &&
      page === 'all' &&
      total > items.length &&
      total <= BULK_ACTION_MAX,
    tooManyToSelectAll: !chosen.allMatching && page === 'all' && total > BULK_ACTION_MAX,
    rows: {
      isSelected: (applicationId) => chosen.allMatching || chosen.rows.has(applicationId),
      page,
      onToggle: (item, selected) => {
        // Leaving "all matching" keeps what is in view, less the row unticked.
        const rows = chosen.allMatching ? pageRows(new Map()) : new Map(chosen.rows);
        if (selected) rows.set(item.applicationId, item.version);
        else rows.delete(item.applicationId);
        set(rows);
      },
      onTogglePage: (selected) => {
        if (!selected) {
          const rows = chosen.allMatching ? new Map<number, number>() : new Map(chosen.rows);
          for (const item of items) rows.delete(item.applicationId);
          set(rows);
        } else set(pageRows(new Map(chosen.rows)));
      },
    },
    selectAllMatching: () => set(new Map(), true),
    clear: () => set(new Map()),
    target: () =>
      chosen.allMatching && filters
        ? { filters }
        : { items: [...chosen.rows].map(([applicationId, version]) => ({ applicationId, version })) },
  };
}
