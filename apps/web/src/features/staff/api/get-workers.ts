import { type StaffWorker } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getWorkers = (signal?: AbortSignal) => apiRequest<{ workers: StaffWorker[] }>('Staff/workers', { signal });

export const workersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.staff.workers(), queryFn: ({ signal }) => getWorkers(signal) });

/** GET /api/Staff/workers: the staff an application of the caller's counties can be assigned to. */
export const useWorkers = () => useQuery(workersQueryOptions());
