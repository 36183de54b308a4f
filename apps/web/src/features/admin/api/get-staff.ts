import type { StaffMember } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const getStaff = (signal?: AbortSignal) => apiRequest<{ data: StaffMember[] }>('Admin/staff', { signal });

export const staffQueryKey = ['admin', 'staff'] as const;

export const staffQueryOptions = () =>
  queryOptions({
    queryKey: staffQueryKey,
    queryFn: ({ signal }) => getStaff(signal),
    select: (answer) => answer.data,
  });

/** Everyone holding a staff role, with their roles and counties, sorted by name. */
export const useStaff = () => useQuery(staffQueryOptions());
