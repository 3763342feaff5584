import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dealcoach/contracts/limits'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { passwordLengthProblem } from '@/lib/password-rules'
import { FormField } from './form-field'
import { PasswordInput } from './password-input'
import { PasswordStrengthMeter } from './password-strength-meter'

/** The length rule `password` breaks, as the message shown under a new-password field. */
function useNewPasswordLengthError(password: string): string | undefined {
  const { t } = useTranslation('common')
  const problem = passwordLengthProblem(password)
  if (problem === 'too_short') return t('new_password.too_short', { count: PASSWORD_MIN_LENGTH })
  if (problem === 'too_long') return t('new_password.too_long', { count: PASSWORD_MAX_LENGTH })
  return undefined
}

/**
 * The field where a new password is chosen (registration, reset, change): the length rules, a
 * counter, a show toggle, and the strength meter under it. Browsers' password managers offer to
 * generate one here, from `autocomplete="new-password"`.
 */
function NewPasswordField({
  label,
  error,
  value,
  onChange,
}: {
  label: ReactNode
  error: ReactNode
  value: string
  onChange: (value: string) => void
}) {
  const { t } = useTranslation('common')
  return (
    <>
      <FormField
        label={label}
        description={t('new_password.hint', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
        error={error}
        currentLength={[...value].length}
        maxLength={PASSWORD_MAX_LENGTH}
      >
        <PasswordInput
          name="new-password"
          autoComplete="new-password"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </FormField>
      <PasswordStrengthMeter password={value} />
    </>
  )
}

export { NewPasswordField, useNewPasswordLengthError }
