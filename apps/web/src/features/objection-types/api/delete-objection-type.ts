import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { objectionTypeDetailKey, refreshAfterObjectionTypeWrite } from './objection-type-cache'

/** Spec §7: DELETE /v1/objections/types/{id} (a soft delete; its objections are kept). */
export const deleteObjectionType = (id: string) =>
  apiRequest<undefined>(`/v1/objections/types/${encodeURIComponent(id)}`, { method: 'DELETE' })

export const useDeleteObjectionType = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteObjectionType,
    onSuccess: (_nothing, id) =>
      queryClient.removeQueries({ queryKey: objectionTypeDetailKey(id) }),
    onSettled: () => refreshAfterObjectionTypeWrite(queryClient),
  })
}
