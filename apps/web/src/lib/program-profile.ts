import type { ProgramProfile } from '@ccap/contracts';
import { applyApplicationRules } from '@ccap/contracts/application-rules-state';
import { countDaysIn } from '@ccap/contracts/days';
import { textIn } from '@ccap/contracts/text-in';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from './api-client';
import { queryKeys } from '@/lib/query-keys';

export const getProgramProfile = async (signal?: AbortSignal) => {
  const profile = await apiRequest<ProgramProfile>('Program/get-profile', { signal });
  // The shared rules' "today" is the program's day from now on, as on the server.
  countDaysIn(profile.timeZone);
  // The wizard's steps check the program's limits and maximum rates, as the server does.
  applyApplicationRules(profile.applicationRules);
  return profile;
};

export const programProfileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.programProfile(),
    queryFn: ({ signal }) => getProgramProfile(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The program profile: product and agency names, contacts and program facts. */
export const useProgramProfile = () => useQuery(programProfileQueryOptions());

/** The product and agency names in the reader's language, where the profile has them. */
export function useProgramNames(): { productName: string | undefined; agencyName: string | undefined } {
  const profile = useProgramProfile();
  const { i18n } = useTranslation();
  const data = profile.data;
  return {
    productName: data && textIn(data.productName, i18n.language).text,
    agencyName: data && textIn(data.agencyName, i18n.language).text,
  };
}
