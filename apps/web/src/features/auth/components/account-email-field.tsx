import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'

/**
 * The address of an existing account (sign-in, forgotten password): `username` autocomplete, so
 * password managers fill the address they saved with the password.
 */
export function AccountEmailField({
  label,
  value,
  error,
  onChange,
}: {
  label: string
  value: string
  error: string | undefined
  onChange: (value: string) => void
}) {
  return (
    <FormField label={label} error={error}>
      <Input
        type="email"
        name="email"
        autoComplete="username"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required
      />
    </FormField>
  )
}
