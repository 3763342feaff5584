import { PASSWORD_MAX_LENGTH } from '@dealcoach/contracts/limits'
import type { ReactNode } from 'react'
import { FormField } from './form-field'
import { PasswordInput } from './password-input'
import { PasswordStrengthMeter } from './password-strength-meter'

/**
 * The field where a new password is chosen (registration, reset, change): a length counter, a
 * show toggle, and the strength meter under it. Browsers' password managers offer to generate
 * one here, from `autocomplete="new-password"`.
 */
function NewPasswordField({
  label,
  description,
  error,
  value,
  onChange,
}: {
  label: ReactNode
  description: ReactNode
  error: ReactNode
  value: string
  onChange: (value: string) => void
}) {
  return (
    <>
      <FormField
        label={label}
        description={description}
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

export { NewPasswordField }
