import type { ProgramProfile } from '@ccap/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const getProgramProfile = (signal?: AbortSignal) =>
  apiRequest<ProgramProfile>('Program/get-profile', { signal });

export const programProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['program-profile'],
    queryFn: ({ signal }) => getProgramProfile(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The program profile: product and agency names, contacts and program facts. */
export const useProgramProfile = () => useQuery(programProfileQueryOptions());
