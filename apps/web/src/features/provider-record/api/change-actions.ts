import type { ChangeDecision, ChangeDraft, ProviderChange } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The writes on a reported change (POST and PUT of /api/ProviderRecord/…/changes, submit,
 * withdraw, the staff decision): each refreshes the record, its changes and the staff list.
 */
function useChangeMutation<Input>(call: (input: Input) => Promise<ProviderChange>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (change) => queryClient.setQueryData(queryKeys.providerRecord.change(change.changeId), change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.providerRecord.all() }),
  });
}

export const useCreateChange = (applicationId: number) =>
  useChangeMutation((draft: ChangeDraft) =>
    apiRequest<ProviderChange>(`ProviderRecord/${applicationId}/changes`, { method: 'POST', body: draft }),
  );

export const useSaveChange = () =>
  useChangeMutation(({ changeId, ...body }: ChangeDraft & { changeId: number; version: number }) =>
    apiRequest<ProviderChange>(`ProviderRecord/changes/${changeId}`, { method: 'PUT', body }),
  );

export const useChangeStep = (step: 'submit' | 'withdraw') =>
  useChangeMutation(({ changeId, version }: { changeId: number; version: number }) =>
    apiRequest<ProviderChange>(`ProviderRecord/changes/${changeId}/${step}`, { method: 'POST', body: { version } }),
  );

export const useDecideChange = () =>
  useChangeMutation(({ changeId, ...body }: ChangeDecision & { changeId: number }) =>
    apiRequest<ProviderChange>(`Staff/changes/${changeId}/decision`, { method: 'POST', body }),
  );
