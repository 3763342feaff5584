import type { Organisation, UpdateOrganisationBody } from '@dealcoach/contracts/organisation'
import type { MeResponse } from '@dealcoach/contracts/users'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { organisationQueryOptions } from './get-organisation'
import { meQueryOptions } from './get-me'

/** PATCH /v1/organisation: renames the workspace (admins). */
export const renameOrganisation = (body: UpdateOrganisationBody) =>
  apiRequest<Organisation>('/v1/organisation', { method: 'PATCH', body })

export const useRenameOrganisation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: renameOrganisation,
    onSuccess: (organisation) => {
      queryClient.setQueryData(organisationQueryOptions().queryKey, organisation)
      // The profile names the workspace too (the account menu shows it): updated at once.
      queryClient.setQueryData<MeResponse>(meQueryOptions().queryKey, (me) =>
        me ? { ...me, organisation } : me,
      )
    },
  })
}
