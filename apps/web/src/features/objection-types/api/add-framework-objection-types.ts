import type {
  CreatedObjectionTypesResponse,
  ObjectionTypesFromFrameworkBody,
} from '@dealcoach/contracts/objections'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { refreshAfterObjectionTypeWrite } from './objection-type-cache'

/** POST /v1/objections/types/from-framework: adds the framework's types the organisation lacks. */
export const addFrameworkObjectionTypes = (body: ObjectionTypesFromFrameworkBody) =>
  apiRequest<CreatedObjectionTypesResponse>('/v1/objections/types/from-framework', {
    method: 'POST',
    body,
  })

export const useAddFrameworkObjectionTypes = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addFrameworkObjectionTypes,
    onSettled: () => refreshAfterObjectionTypeWrite(queryClient),
  })
}
