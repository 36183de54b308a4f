import {
  type DraftApplication,
  type DraftRecord,
  draftConflictProblemType,
  parseApplication,
  type SaveDraftResponse,
} from '@ccap/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const myDraftsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.drafts(),
    queryFn: ({ signal }) =>
      apiRequest<DraftRecord[]>('Application/get-my-draft-applications', { method: 'POST', body: {}, signal }),
  });

export const useMyDrafts = () => useQuery(myDraftsQueryOptions());

/** Spec: the draft with the highest id is the latest. */
export function latestDraft(drafts: DraftRecord[]): DraftRecord | undefined {
  return drafts.reduce<DraftRecord | undefined>(
    (latest, draft) => (!latest || draft.id > latest.id ? draft : latest),
    undefined,
  );
}

/**
 * A draft's application, read from the JSON the server keeps: the one place the web reads it.
 * Undefined when the text is not a draft application.
 */
export function applicationOf(draft: Pick<DraftRecord, 'applicationJson'>): DraftApplication | undefined {
  const parsed = parseApplication(draft.applicationJson);
  return parsed.success ? parsed.data : undefined;
}

/**
 * "Pick where you left": the dialog route of the latest draft, chosen by its providerType
 * (read case-insensitively, spec section 2). Undefined when there is nothing to resume.
 */
export function resumePathOf(draft: DraftRecord | undefined): string | undefined {
  const route = draft && applicationOf(draft)?.providerType;
  return route ? `/registeredapplication/registration/${route}?draft=${draft.id}` : undefined;
}

export interface SaveDraftInput {
  id?: number;
  version?: number;
  application: DraftApplication;
}

/** True when a save lost to a newer one from another tab: reload the draft and tell the user. */
export const isDraftConflict = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.problem?.type === draftConflictProblemType;

export const saveDraft = ({ id, version, application }: SaveDraftInput) =>
  apiRequest<SaveDraftResponse>('Application/save-my-draft-applications', {
    method: 'POST',
    body: { id: id ?? 0, userEmail: '', version, applicationJson: JSON.stringify(application) },
  });

/** Saves the whole draft; the answer (id, version, JSON) is what the wizard reloads from. */
export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDraft,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.drafts() }),
  });
}

export const deleteDraft = (id: number) =>
  apiRequest<null>(`Application/get-my-draft-applications?query=${id}`, { method: 'DELETE' });

/** Discards a draft for good; the drafts list is read again after it. */
export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDraft,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.drafts() }),
  });
}
