import type { QueryClient } from '@tanstack/react-query';

/** After any change: the list, what the user may do next, and the dashboard's count. */
export const invalidateRfis = (queryClient: QueryClient, applicationId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['rfi', applicationId] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
