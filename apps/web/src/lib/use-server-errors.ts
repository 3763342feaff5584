import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  type ErrorMessage,
  type FieldSpecs,
  type ServerFieldErrors,
  serverErrorMessage,
  serverFieldErrors,
} from './form-errors'

const NOTHING_CLEARED: ReadonlySet<string> = new Set()

/**
 * A form's view of its last failed request: the translated message under each field the server
 * refused, and the banner for what belongs to no field. A field's message goes once the user
 * edits that field (`clear`); all go when the form is sent again (the mutation forgets its error).
 * `fallback` words the banner for a failure the form can say more about than "try again".
 */
export function useServerErrors<F extends string>(
  error: unknown,
  fields: FieldSpecs<F>,
  options: { fallback?: string } = {},
) {
  const { t } = useTranslation('common')
  const [cleared, setCleared] = useState<{ error: unknown; fields: ReadonlySet<string> }>({
    error: null,
    fields: NOTHING_CLEARED,
  })
  const mapped: ServerFieldErrors<F> = error
    ? serverFieldErrors(error, fields)
    : { fieldErrors: {} }
  const clearedFields = cleared.error === error ? cleared.fields : NOTHING_CLEARED
  const say = (message: ErrorMessage) => t(message.key, message.values)

  const formError = mapped.formError
  const fallbackApplies =
    options.fallback !== undefined &&
    (formError?.key === 'form_errors.unknown' || formError?.key === 'form_errors.server')

  return {
    fieldError: (name: F): string | undefined => {
      const message = mapped.fieldErrors[name]
      return message && !clearedFields.has(name) ? say(message) : undefined
    },
    formError: formError ? (fallbackApplies ? options.fallback : say(formError)) : undefined,
    /** The user changed this field: its server message no longer applies. */
    clear: (name: F) => {
      if (!error || clearedFields.has(name)) return
      setCleared({ error, fields: new Set([...clearedFields, name]) })
    },
  }
}

/**
 * For failures shown outside a form (a toast): words one in the client's words, or answers
 * `fallback` when there is nothing more specific than "try again" to say.
 */
export function useServerErrorText() {
  const { t } = useTranslation('common')
  return <F extends string>(error: unknown, fields: FieldSpecs<F>, fallback: string): string => {
    const message = serverErrorMessage(error, fields)
    return message ? t(message.key, message.values) : fallback
  }
}
