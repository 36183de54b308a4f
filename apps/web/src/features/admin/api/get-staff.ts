import type { StaffMember } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getStaff = (signal?: AbortSignal) => apiRequest<{ data: StaffMember[] }>('Admin/staff', { signal });

export const staffQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.staff(),
    queryFn: ({ signal }) => getStaff(signal),
    select: (answer) => answer.data,
  });

/** Everyone holding a staff role, with their roles and counties, sorted by name. */
export const useStaff = () => useQuery(staffQueryOptions());
