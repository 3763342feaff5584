import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  OBJECTION_TYPE_LISTS_KEY,
  OBJECTION_TYPES_KEY,
  objectionTypeDetailKey,
  patchCachedObjectionType,
  refreshAfterObjectionTypeWrite,
  storeObjectionType,
} from './objection-type-cache'
import { updateObjectionType } from './update-objection-type'

interface ActiveChange {
  id: string
  active: boolean
}

/**
 * Switches a type on or off with PUT /v1/objections/types/{id} {active}: the switch moves at once
 * and moves back if the server refuses. Only that type's flag is rolled back, so switching several
 * rows quickly cannot undo one another.
 */
export const useSetObjectionTypeActive = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...OBJECTION_TYPES_KEY, 'set-active'],
    mutationFn: ({ id, active }: ActiveChange) => updateObjectionType(id, { active }),
    onMutate: async ({ id, active }: ActiveChange) => {
      // A fetch already under way would overwrite the optimistic value with the old one.
      await Promise.all([
        queryClient.cancelQueries({ queryKey: OBJECTION_TYPE_LISTS_KEY }),
        queryClient.cancelQueries({ queryKey: objectionTypeDetailKey(id) }),
      ])
      patchCachedObjectionType(queryClient, id, (type) => ({ ...type, active }))
      return { previousActive: !active }
    },
    onError: (_error, { id }, context) => {
      if (context) {
        patchCachedObjectionType(queryClient, id, (type) => ({
          ...type,
          active: context.previousActive,
        }))
      }
    },
    onSuccess: (saved) => storeObjectionType(queryClient, saved),
    onSettled: () => refreshAfterObjectionTypeWrite(queryClient),
  })
}
