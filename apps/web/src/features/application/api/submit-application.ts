import type { DraftApplication, SubmitApplicationResponse } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Spec section 7: registered providers submit to Application, unregistered ones to their own call. */
export const submitApplication = (draftApplicationId: number, application: DraftApplication) =>
  apiRequest<SubmitApplicationResponse>(
    application.providerType === 'registeredprovider' ? 'Application' : 'Application/save-unregistered-provider',
    { method: 'POST', body: { draftApplicationId, applicationJson: JSON.stringify(application) } },
  );

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draftApplicationId, application }: { draftApplicationId: number; application: DraftApplication }) =>
      submitApplication(draftApplicationId, application),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['drafts'] });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
