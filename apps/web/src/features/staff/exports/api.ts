import type { CreateExportRequestInput, ExportItem, ExportList } from '@ccap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const exportsKey = ['staff', 'exports'] as const;

/** GET /api/Staff/exports: the caller's exports, polled every 2 s while one is being written. */
export const useExports = () =>
  useQuery({
    queryKey: exportsKey,
    queryFn: ({ signal }) => apiRequest<ExportList>('Staff/exports', { signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'queued' || item.status === 'running') ? 2_000 : false,
  });

/** POST /api/Staff/exports: asks for an export of the queue's filtered rows. */
export function useCreateExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateExportRequestInput) =>
      apiRequest<ExportItem>('Staff/exports', { method: 'POST', body: request }),
    onSuccess: () => client.invalidateQueries({ queryKey: exportsKey }),
  });
}
