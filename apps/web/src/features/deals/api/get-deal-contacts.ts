import type { EngagedDealContact } from '@dealcoach/contracts/deals'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { dealKeys } from '@/entities/deal/api/deals-api'
import { apiRequest } from '@/lib/api-client'

/** GET /v1/deals/{id}/contacts: the deal's people with how often and how lately they engaged. */
export const getDealContacts = (dealId: string) =>
  apiRequest<{ models: EngagedDealContact[] }>(`/v1/deals/${encodeURIComponent(dealId)}/contacts`)

export const dealContactsQueryOptions = (dealId: string) =>
  queryOptions({
    queryKey: dealKeys.contacts(dealId),
    queryFn: () => getDealContacts(dealId),
  })

export const useDealContacts = (dealId: string) => useQuery(dealContactsQueryOptions(dealId))
