import type { ObjectionType, UpdateObjectionTypeBody } from '@dealcoach/contracts/objections'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { refreshAfterObjectionTypeWrite, storeObjectionType } from './objection-type-cache'

/** Spec §7: PUT /v1/objections/types/{id}; the server keeps what the body leaves out (§5). */
export const updateObjectionType = (id: string, body: UpdateObjectionTypeBody) =>
  apiRequest<ObjectionType>(`/v1/objections/types/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  })

export const useUpdateObjectionType = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateObjectionTypeBody }) =>
      updateObjectionType(id, body),
    onSuccess: (saved) => storeObjectionType(queryClient, saved),
    onSettled: () => refreshAfterObjectionTypeWrite(queryClient),
  })
}
