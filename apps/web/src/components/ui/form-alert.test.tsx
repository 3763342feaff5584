import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FormAlert } from './form-alert'

describe('FormAlert', () => {
  it('announces its message as an alert and keeps given attributes', () => {
    render(<FormAlert id="login-error">The e-mail or password is not right.</FormAlert>)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('The e-mail or password is not right.')
    expect(alert).toHaveAttribute('id', 'login-error')
    expect(alert).toHaveAttribute('data-slot', 'form-alert')
  })
})
