import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * After any change: the list, what the user may do next, the dashboard's count, and the staff
 * workspace's views (an RFI changes the application's status, version and audit trail).
 */
export const invalidateRfis = (queryClient: QueryClient, applicationId: number, changeId?: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.rfi.all(applicationId) }),
    ...(changeId === undefined ? [] : [queryClient.invalidateQueries({ queryKey: queryKeys.rfi.change(changeId) })]),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.staff.application(applicationId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.staff.queue() }),
  ]);
