import type { TFunction } from 'i18next'
import { HttpError } from '@/lib/api-client'

/** Turns a failed auth call into a sentence for the user; the server's own message for 4xx it explains. */
export function authErrorMessage(error: unknown, t: TFunction<'auth'>): string {
  if (!(error instanceof HttpError)) return t('errors.network')
  if (error.status === 429) {
    const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60))
    return t('errors.rate_limited', { count: minutes })
  }
  if (error.code === 'invalid_credentials') return t('errors.invalid_credentials')
  if (error.status >= 500) return t('errors.server')
  return error.message
}
