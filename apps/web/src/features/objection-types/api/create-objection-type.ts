import type { CreateObjectionTypeBody, ObjectionType } from '@dealcoach/contracts/objections'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { objectionTypeDetailKey, refreshAfterObjectionTypeWrite } from './objection-type-cache'

/** Spec §7: POST /v1/objections/types with an id the client generated. */
export const createObjectionType = (body: CreateObjectionTypeBody) =>
  apiRequest<ObjectionType>('/v1/objections/types', { method: 'POST', body })

export const useCreateObjectionType = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createObjectionType,
    onSuccess: (created) => queryClient.setQueryData(objectionTypeDetailKey(created.id), created),
    onSettled: () => refreshAfterObjectionTypeWrite(queryClient),
  })
}
