import type { DraftApplication, DraftRecord, ProviderType } from '@ccap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { applicationOf, isDraftConflict, myDraftsQueryOptions, saveDraft, useMyDrafts } from '../api/drafts';
import { queryKeys } from '@/lib/query-keys';

export interface LoadedDraft {
  /** Undefined until the first step is saved. */
  id?: number;
  version?: number;
  application: DraftApplication;
}

/** A draft record as the wizard's draft, or undefined when its JSON is not a draft application. */
function loadedDraftOf(record: Pick<DraftRecord, 'id' | 'version' | 'applicationJson'>): LoadedDraft | undefined {
  const application = applicationOf(record);
  return application && { id: record.id, version: record.version, application };
}

/**
 * Which draft the wizard opens: the one named in the address, else the user's latest draft of
 * this provider type (the highest id), else a new one that exists once its first step is saved.
 */
export function pickDraft(records: DraftRecord[], providerType: ProviderType, draftId?: number): LoadedDraft {
  const named = draftId === undefined ? undefined : records.find((record) => record.id === draftId);
  const latest = records
    .filter((record) => applicationOf(record)?.providerType === providerType)
    .reduce<DraftRecord | undefined>((best, record) => (!best || record.id > best.id ? record : best), undefined);
  const chosen = named ?? latest;
  const loaded = chosen ? loadedDraftOf(chosen) : undefined;
  if (loaded) return { ...loaded, application: { ...loaded.application, providerType } };
  return { application: { providerType } };
}

/** A save that lost to another tab: the newer draft is loaded; the step keeps what was typed. */
export class DraftConflictError extends Error {
  constructor() {
    super('The draft was changed elsewhere');
    this.name = 'DraftConflictError';
  }
}

/**
 * The wizard's draft: loaded once, saved whole after each completed step and replaced by what
 * the server answers (spec section 4: save, then reload using the returned id). Two tabs on one
 * draft cannot overwrite each other: the loser reloads the newer version and is told.
 */
export function useApplicationDraft(providerType: ProviderType, draftId?: number) {
  const queryClient = useQueryClient();
  const drafts = useMyDrafts();
  // Until the first save, the draft is the one picked from the list; from then on, the
  // server's answer to the last save.
  const [saved, setDraft] = useState<LoadedDraft>();
  // The save in flight: its pending state is the wizard's "saving".
  const saveMutation = useMutation({ mutationFn: saveDraft });
  const { mutateAsync: sendDraft } = saveMutation;
  // The same object from render to render until the draft changes (the step form holds a press
  // to the draft it was made on, ADR 050).
  const picked = useMemo(
    () => (drafts.data ? pickDraft(drafts.data, providerType, draftId) : undefined),
    [drafts.data, providerType, draftId],
  );
  const draft = saved ?? picked;

  // Spec section 8: loading drafts and resuming a draft that is not there are logged (the
  // page also says when loading failed; a missing draft opens the latest one instead).
  useEffect(() => {
    if (drafts.error) console.error('Loading drafts failed:', drafts.error);
  }, [drafts.error]);
  const resumeChecked = useRef(false);
  useEffect(() => {
    if (resumeChecked.current || !drafts.data) return;
    resumeChecked.current = true;
    if (draftId !== undefined && !drafts.data.some((record) => record.id === draftId))
      console.error(`Resuming draft ${draftId}: there is no such draft of yours`);
  }, [drafts.data, draftId]);

  // The server's newer copy of a draft another tab saved, in place of this tab's.
  const loadNewer = useCallback(
    async (id: number) => {
      const records = await queryClient.fetchQuery({ ...myDraftsQueryOptions(), staleTime: 0 });
      const newer = records.find((record) => record.id === id);
      const loaded = newer ? loadedDraftOf(newer) : undefined;
      if (loaded) setDraft(loaded);
    },
    [queryClient],
  );

  const save = useCallback(
    async (changes: Partial<DraftApplication>): Promise<LoadedDraft> => {
      if (!draft) throw new Error('The draft is not loaded yet');
      const application: DraftApplication = { ...draft.application, ...changes, providerType };
      if (draft.id !== undefined) application.draftApplicationId = draft.id;
      try {
        const saved = await sendDraft({ id: draft.id, version: draft.version, application });
        // The server keeps only what reads as a draft application: its answer reads as one.
        const loaded = loadedDraftOf(saved);
        if (!loaded) throw new Error('The saved draft does not read as a draft application');
        const next: LoadedDraft = { ...loaded, application: { ...loaded.application, draftApplicationId: saved.id } };
        setDraft(next);
        void queryClient.invalidateQueries({ queryKey: queryKeys.drafts() });
        return next;
      } catch (error) {
        if (isDraftConflict(error) && draft.id !== undefined) {
          await loadNewer(draft.id);
          throw new DraftConflictError();
        }
        throw error;
      }
    },
    [draft, providerType, queryClient, loadNewer, sendDraft],
  );

  /** A submission refused because another tab saved the draft since: the newer one is loaded. */
  const reloadAfterConflict = useCallback(async () => {
    if (draft?.id !== undefined) await loadNewer(draft.id);
  }, [draft, loadNewer]);

  /** After submission the draft is consumed; forget it so nothing saves it again. */
  const forget = useCallback(() => setDraft({ application: { providerType } }), [providerType]);

  return {
    draft,
    loading: !draft && drafts.isPending,
    failed: drafts.isError,
    loadError: drafts.error,
    saving: saveMutation.isPending,
    save,
    reloadAfterConflict,
    forget,
  };
}
