import type { RegistrationDetailsResponse } from '@dealcoach/contracts/auth'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

/** Spec §7: read on the second (registration) API, without credentials. */
export const getRegistration = (joinkey: string) =>
  apiRequest<RegistrationDetailsResponse>(`/register/${encodeURIComponent(joinkey)}`, {
    api: 'registration',
  })

export const registrationQueryOptions = (joinkey: string) =>
  queryOptions({
    queryKey: ['registration', joinkey],
    queryFn: () => getRegistration(joinkey),
    // A missing or used key will not fix itself by asking again.
    retry: false,
  })

export const useRegistration = (joinkey: string) => useQuery(registrationQueryOptions(joinkey))
