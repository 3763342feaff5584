import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { FormField } from './form-field'
import { PasswordInput } from './password-input'
import { PasswordStrengthMeter } from './password-strength-meter'

function NewPassword() {
  const [password, setPassword] = useState('')
  return (
    <>
      <FormField label="New password" description="12 characters or more">
        <PasswordInput value={password} onChange={(event) => setPassword(event.target.value)} />
      </FormField>
      <PasswordStrengthMeter password={password} />
    </>
  )
}

describe('PasswordInput and PasswordStrengthMeter', () => {
  it('hides the password until the toggle is pressed, keeping the field’s label and help', async () => {
    const user = userEvent.setup()
    render(<NewPassword />)
    const input = screen.getByLabelText('New password')
    expect(input).toHaveAttribute('type', 'password')
    expect(input).toHaveAccessibleDescription('12 characters or more')
    const toggle = screen.getByRole('button', { name: 'Show password' })
    expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await user.click(toggle)
    expect(input).toHaveAttribute('type', 'text')
    expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await user.keyboard('{Enter}')
    expect(input).toHaveAttribute('type', 'password')
  })

  it('rates the password as it is typed, from nothing shown to strong', async () => {
    const user = userEvent.setup()
    render(<NewPassword />)
    expect(screen.queryByRole('meter')).toBeNull()
    const input = screen.getByLabelText('New password')
    await user.type(input, 'qmzvtrl')
    const meter = screen.getByRole('meter', { name: 'Strength of this password' })
    expect(meter).toHaveAttribute('aria-valuetext', 'Too short')
    await user.type(input, 'pwkxd')
    expect(meter).toHaveAttribute('aria-valuetext', 'Fair')
    await user.type(input, 'Q7$')
    expect(meter).toHaveAttribute('aria-valuenow', '4')
    expect(meter).toHaveTextContent('Strong')
  })
})
