import type { EmailRegistrationBody, RegistrationSentResponse } from '@dealcoach/contracts/auth'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

export type EmailRegistrationInput = Pick<EmailRegistrationBody, 'email' | 'firstname' | 'lastname'>

/** Spec §7: starts a sign-up; the server e-mails a link with the join key. */
export const emailRegistration = (input: EmailRegistrationInput) =>
  apiRequest<RegistrationSentResponse>('/auth/email-registration', {
    method: 'POST',
    body: { ...input, is_perform_registration: true, source: 'web' },
  })

export const useEmailRegistration = () => useMutation({ mutationFn: emailRegistration })
