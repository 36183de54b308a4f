import type {
  Announcement,
  AnnouncementFiltersInput,
  AnnouncementList,
  Audience,
  SendAnnouncementRequest,
} from '@ccap/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getAnnouncements = (signal?: AbortSignal) =>
  apiRequest<AnnouncementList>('Admin/announcements', { signal });

/** The announcements sent, newest first. */
export const useAnnouncements = () =>
  useQuery({
    queryKey: queryKeys.admin.announcements(),
    queryFn: ({ signal }) => getAnnouncements(signal),
    select: (answer) => answer.data,
  });

export const countAudience = (filters: AnnouncementFiltersInput, signal?: AbortSignal) =>
  apiRequest<Audience>('Admin/announcements/audience', { method: 'POST', body: { filters }, signal });

/** How many providers the filters reach now; the last count stays shown while the next one comes. */
export const useAudience = (filters: AnnouncementFiltersInput) =>
  useQuery({
    queryKey: queryKeys.admin.audience(filters),
    queryFn: ({ signal }) => countAudience(filters, signal),
    placeholderData: keepPreviousData,
  });

export const sendAnnouncement = (body: SendAnnouncementRequest) =>
  apiRequest<Announcement>('Admin/announcements', { method: 'POST', body });

/** Sends an announcement; the list of those sent reloads. */
export function useSendAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.announcements() }),
  });
}
