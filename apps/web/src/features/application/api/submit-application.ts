import type { DraftApplication, SubmitApplicationResponse } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Spec section 7: registered providers submit to Application, unregistered ones to their own call. */
/** `version`: the draft's version the user reviewed; a draft saved since in another tab is refused (409). */
export const submitApplication = (draftApplicationId: number, application: DraftApplication, version?: number) =>
  apiRequest<SubmitApplicationResponse>(
    application.providerType === 'registeredprovider' ? 'Application' : 'Application/save-unregistered-provider',
    { method: 'POST', body: { draftApplicationId, applicationJson: JSON.stringify(application), version } },
  );

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      draftApplicationId,
      application,
      version,
    }: {
      draftApplicationId: number;
      application: DraftApplication;
      version?: number;
    }) => submitApplication(draftApplicationId, application, version),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.drafts() });
      await queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
    },
  });
}
