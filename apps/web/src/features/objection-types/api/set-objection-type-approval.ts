import type { ObjectionType } from '@dealcoach/contracts/objections'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { refreshAfterObjectionTypeWrite, storeObjectionType } from './objection-type-cache'

/** PUT /v1/objections/types/{id}/approval (admins): approve a type, or withdraw the approval. */
export const setObjectionTypeApproval = (id: string, approved: boolean) =>
  apiRequest<ObjectionType>(`/v1/objections/types/${encodeURIComponent(id)}/approval`, {
    method: 'PUT',
    body: { approved },
  })

export const useSetObjectionTypeApproval = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, approved }: { id: string; approved: boolean }) =>
      setObjectionTypeApproval(id, approved),
    onSuccess: (saved) => storeObjectionType(queryClient, saved),
    onSettled: () => refreshAfterObjectionTypeWrite(queryClient),
  })
}
