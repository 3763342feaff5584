import type { TFunction } from 'i18next'
import { serverFieldErrors } from '@/lib/form-errors'

/** A failed sign-in with no form fields to place it under: the one translated banner text. */
export function authErrorMessage(error: unknown, t: TFunction<'auth'>): string {
  const { formError } = serverFieldErrors(error, {})
  return formError ? t(`common:${formError.key}`, formError.values) : ''
}
