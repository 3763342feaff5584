import type { AuthProvidersResponse, SocialAuthBody } from '@dealcoach/contracts/auth'
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { type SignInResponse, startSession } from './session-tokens'

export const getAuthProviders = () => apiRequest<AuthProvidersResponse>('/auth/providers')

export const authProvidersQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'providers'], queryFn: getAuthProviders, staleTime: Infinity })

export const useAuthProviders = () => useQuery(authProvidersQueryOptions())

/** An ID token the provider returned, and the sign-in form's choice; the password comes later, if asked for. */
export type SocialIdentity = Omit<SocialAuthBody, 'password'>

export const socialLogin = (body: SocialAuthBody) =>
  apiRequest<SignInResponse>('/auth/social-login', { method: 'POST', body })

export const socialSignup = (body: SocialAuthBody) =>
  apiRequest<SignInResponse>('/auth/social-signup', { method: 'POST', body })

export const useSocialLogin = () =>
  useMutation({ mutationFn: socialLogin, onSuccess: (response) => startSession(response) })

export const useSocialSignup = () =>
  useMutation({ mutationFn: socialSignup, onSuccess: (response) => startSession(response) })
