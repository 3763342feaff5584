import type { ConfirmRegistrationBody } from '@dealcoach/contracts/auth'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { type SignInResponse, startSession } from './session-tokens'

export type ConfirmRegistrationInput = Omit<ConfirmRegistrationBody, 'is_perform_registration'>

export const confirmRegistration = (input: ConfirmRegistrationInput) =>
  apiRequest<SignInResponse>('/auth/confirm-email-password-registration', {
    method: 'POST',
    body: { ...input, is_perform_registration: true },
  })

export const useConfirmRegistration = () =>
  useMutation({ mutationFn: confirmRegistration, onSuccess: (response) => startSession(response) })
