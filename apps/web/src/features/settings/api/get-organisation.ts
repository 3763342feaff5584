import type { Organisation } from '@dealcoach/contracts/organisation'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

/** GET /v1/organisation: the signed-in user's workspace. */
export const getOrganisation = () => apiRequest<Organisation>('/v1/organisation')

export const organisationQueryOptions = () =>
  queryOptions({ queryKey: ['organisation'], queryFn: getOrganisation })

export const useOrganisation = () => useQuery(organisationQueryOptions())
