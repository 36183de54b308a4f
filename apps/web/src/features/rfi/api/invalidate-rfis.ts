import type { QueryClient } from '@tanstack/react-query';

/**
 * After any change: the list, what the user may do next, the dashboard's count, and the staff
 * workspace's views (an RFI changes the application's status, version and audit trail).
 */
export const invalidateRfis = (queryClient: QueryClient, applicationId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['rfi', applicationId] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['staff', 'application', applicationId] }),
    queryClient.invalidateQueries({ queryKey: ['staff', 'queue'] }),
  ]);
