import type { ErrorDetail } from '@dealcoach/contracts/errors'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { englishResources } from '@/test-support/test-i18n'
import { HttpError } from './api-client'
import {
  type ErrorMessage,
  FORM_ERROR_KEYS,
  serverErrorMessage,
  serverFieldErrors,
} from './form-errors'

const refusal = (code: string, details: ErrorDetail[] = [], status = 400) =>
  new HttpError(status, code, 'A server sentence the user never sees', undefined, details)

const germanCommon = import.meta.glob<Record<string, unknown>>(
  '../../public/locales/de/common.json',
  { eager: true, import: 'default' },
)

/** English and German `common` texts, to read a mapped message as the user would. */
async function translator() {
  const instance = i18next.createInstance()
  await instance.init({
    lng: 'en',
    fallbackLng: false,
    defaultNS: 'common',
    resources: {
      en: { common: englishResources().en?.common ?? {} },
      de: { common: Object.values(germanCommon)[0] ?? {} },
    },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  })
  return (language: string, { key, values }: ErrorMessage) =>
    instance.getFixedT(language)(key, values)
}

describe('serverFieldErrors', () => {
  it('words a schema refusal from the field’s own limit, under that field', () => {
    const error = refusal('validation_failed', [
      { path: 'body.email', message: 'Too big: expected string to have <=254 characters' },
    ])
    expect(serverFieldErrors(error, { email: { maxLength: 254 }, name: {} })).toEqual({
      fieldErrors: { email: { key: 'form_errors.too_long', values: { max: 254 } } },
    })
  })

  it('places nested paths on their list field and renamed paths on their form field', () => {
    const error = refusal('validation_failed', [
      { path: 'body.examples.3', message: 'Too big: expected string to have <=500 characters' },
      { path: 'body.firstname', message: 'Too small: expected string to have >=1 characters' },
    ])
    const { fieldErrors, formError } = serverFieldErrors(error, {
      examples: { maxLength: 500 },
      firstName: { path: 'firstname' },
    })
    expect(fieldErrors).toEqual({
      examples: { key: 'form_errors.too_long', values: { max: 500 } },
      firstName: { key: 'form_errors.required' },
    })
    expect(formError).toBeUndefined()
  })

  it('words a number out of its range from the detail’s code and bound, not as a missing value', async () => {
    const error = refusal('validation_failed', [
      {
        path: 'body.amount',
        message: 'Too small: expected number to be >=0',
        code: 'too_small',
        params: { origin: 'number', minimum: 0 },
      },
      {
        path: 'body.probability',
        message: 'Too big: expected number to be <=100',
        code: 'too_big',
        params: { origin: 'number', maximum: 100 },
      },
    ])
    const { fieldErrors } = serverFieldErrors(error, { amount: {}, probability: {} })
    expect(fieldErrors).toEqual({
      amount: { key: 'form_errors.number_too_small', values: { min: 0 } },
      probability: { key: 'form_errors.number_too_big', values: { max: 100 } },
    })
    const t = await translator()
    expect(t('en', fieldErrors.amount as ErrorMessage)).toBe('Enter 0 or more.')
    expect(t('de', fieldErrors.probability as ErrorMessage)).toBe('Geben Sie höchstens 100 ein.')
  })

  it('words a date outside the stored range with its bounds', async () => {
    const error = refusal('validation_failed', [
      {
        path: 'body.close_date',
        message: 'must be between 1900-01-01 and 9999-12-31',
        code: 'date_out_of_range',
        params: { min: '1900-01-01', max: '9999-12-31' },
      },
    ])
    const { fieldErrors } = serverFieldErrors(error, { close_date: {} })
    expect(fieldErrors.close_date).toEqual({
      key: 'form_errors.date_out_of_range',
      values: { min: '1900-01-01', max: '9999-12-31' },
    })
    const t = await translator()
    expect(t('en', fieldErrors.close_date as ErrorMessage)).toBe(
      'Enter a date from 1900-01-01 to 9999-12-31.',
    )
  })

  it('matches a `*` segment to any one, for a field of any entry in a list', () => {
    const error = refusal('validation_failed', [
      { path: 'body.stages.2.name', message: 'Too big: expected string to have <=200 characters' },
    ])
    expect(serverFieldErrors(error, { name: { path: 'stages.*.name', maxLength: 200 } })).toEqual({
      fieldErrors: { name: { key: 'form_errors.too_long', values: { max: 200 } } },
    })
    expect(serverErrorMessage(error, { name: { path: 'stages.*.name', maxLength: 200 } })).toEqual({
      key: 'form_errors.too_long',
      values: { max: 200 },
    })
    expect(serverErrorMessage(refusal('internal_error', [], 500), {})).toBeUndefined()
  })

  it('words each weak-password reason, and a known code at its field', () => {
    const common = refusal('weak_password', [
      {
        path: 'body.new_password',
        message: 'is one of the most commonly used passwords',
        code: 'common',
      },
    ])
    expect(serverFieldErrors(common, { new_password: {} }).fieldErrors).toEqual({
      new_password: { key: 'form_errors.password_common' },
    })
    const wrong = refusal('invalid_credentials', [
      { path: 'body.current_password', message: 'is not your current password' },
    ])
    expect(serverFieldErrors(wrong, { current_password: {} }).fieldErrors).toEqual({
      current_password: { key: 'form_errors.wrong_current_password' },
    })
    expect(serverFieldErrors(refusal('account_exists', [], 409), { email: {} })).toEqual({
      fieldErrors: { email: { key: 'form_errors.account_exists' } },
    })
  })

  it('words a weak password by its reason alone, in English and German', async () => {
    const t = await translator()
    // The messages are deliberately unlike the server's: only the reason code may be read.
    const cases: [ErrorDetail, string, string, string][] = [
      [
        { path: 'body.password', message: 'x', code: 'too_short', params: { min: 12 } },
        'form_errors.too_short',
        'Use at least 12 characters.',
        'Verwenden Sie mindestens 12 Zeichen.',
      ],
      [
        { path: 'body.password', message: 'x', code: 'too_long', params: { max: 128 } },
        'form_errors.too_long',
        'Use at most 128 characters.',
        'Verwenden Sie höchstens 128 Zeichen.',
      ],
      [
        { path: 'body.password', message: 'at least', code: 'common' },
        'form_errors.password_common',
        'This is one of the most commonly used passwords. Choose a less common one.',
        'Dieses Passwort gehört zu den am häufigsten verwendeten. Wählen Sie ein weniger verbreitetes.',
      ],
      [
        { path: 'body.password', message: 'common', code: 'repeated_character' },
        'form_errors.password_repeated',
        'The password must not be one character repeated.',
        'Das Passwort darf nicht aus einem einzigen wiederholten Zeichen bestehen.',
      ],
      [
        { path: 'body.password', message: 'repeated', code: 'matches_email' },
        'form_errors.password_is_email',
        'The password must not be your e-mail address.',
        'Das Passwort darf nicht Ihre E-Mail-Adresse sein.',
      ],
      [
        { path: 'body.password', message: 'must not be your e-mail address' },
        'form_errors.password_weak',
        'Choose a stronger password.',
        'Wählen Sie ein stärkeres Passwort.',
      ],
    ]
    for (const [detail, key, english, german] of cases) {
      const message = serverFieldErrors(refusal('weak_password', [detail]), { password: {} })
        .fieldErrors.password
      expect(message?.key, detail.code).toBe(key)
      expect(message && t('en', message), detail.code).toBe(english)
      expect(message && t('de', message), detail.code).toBe(german)
    }
  })

  it('words a repeated stage or action name by its reason, not the sentence', () => {
    const fields = { name: { path: '*.name' } }
    const stage = refusal('validation_failed', [
      { path: 'body.2.name', message: 'x', code: 'stage_name_repeated' },
    ])
    expect(serverFieldErrors(stage, fields).fieldErrors).toEqual({
      name: { key: 'form_errors.stage_name_repeated' },
    })
    const action = refusal('validation_failed', [
      {
        path: 'body.1.name',
        message: 'is the name of another stage',
        code: 'action_name_repeated',
      },
    ])
    expect(serverFieldErrors(action, fields).fieldErrors).toEqual({
      name: { key: 'form_errors.action_name_repeated' },
    })
  })

  it('keeps a banner for what concerns no field of the form', () => {
    expect(serverFieldErrors(refusal('pipeline_has_deals', [], 409), { name: {} })).toEqual({
      fieldErrors: {},
      formError: { key: 'form_errors.pipeline_has_deals' },
    })
    expect(serverFieldErrors(refusal('something_new'), { name: {} }).formError).toEqual({
      key: 'form_errors.unknown',
    })
    expect(serverFieldErrors(refusal('internal_error', [], 500), {}).formError).toEqual({
      key: 'form_errors.server',
    })
    expect(serverFieldErrors(new TypeError('fetch failed'), {}).formError).toEqual({
      key: 'form_errors.network',
    })
    const throttled = new HttpError(429, 'rate_limited', 'x', 600)
    expect(serverFieldErrors(throttled, {}).formError).toEqual({
      key: 'form_errors.rate_limited',
      values: { count: 10 },
    })
  })

  it('answers only keys that exist in English', () => {
    const common = englishResources().en?.common as Record<string, Record<string, string>>
    const keys = new Set(
      Object.keys(common.form_errors ?? {}).map(
        (key) => `form_errors.${key.replace(/_(one|other)$/, '')}`,
      ),
    )
    expect(FORM_ERROR_KEYS.filter((key) => !keys.has(key))).toEqual([])
  })
})
