import '@/test-support/dom-polyfills'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Select, type SelectOption } from './select'

const owners: SelectOption[] = [
  { value: 'ana', label: 'Ana' },
  { value: 'ben', label: 'Ben' },
  { value: 'cy', label: 'Cy', disabled: true },
]

describe('Select', () => {
  it('shows a red asterisk and aria-required when required', () => {
    const { container } = render(<Select label="Owner" options={owners} required />)
    const trigger = screen.getByRole('combobox', { name: 'Owner' })
    expect(trigger).toHaveAttribute('aria-required', 'true')
    const marker = container.querySelector('[data-slot="required-marker"]')
    expect(marker).toHaveTextContent('*')
    expect(marker).toHaveClass('text-red-600')
    expect(marker).toHaveAttribute('aria-hidden', 'true')
  })

  it('has no asterisk when optional', () => {
    const { container } = render(<Select label="Owner" options={owners} />)
    expect(container.querySelector('[data-slot="required-marker"]')).toBeNull()
    expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveAttribute(
      'aria-required',
      'false',
    )
  })

  it('shows the placeholder until something is chosen', () => {
    render(<Select label="Owner" options={owners} />)
    expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveTextContent('Select…')
  })

  it('opens from the keyboard and chooses an option', async () => {
    const user = userEvent.setup()
    const onValueChange = vi.fn()
    render(<Select label="Owner" options={owners} onValueChange={onValueChange} />)
    await user.tab()
    expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveFocus()
    await user.keyboard('{Enter}')

    expect(screen.getByRole('listbox')).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'Cy' })).toHaveAttribute('aria-disabled', 'true')
    await user.click(screen.getByRole('option', { name: 'Ben' }))

    expect(onValueChange).toHaveBeenCalledWith('ben')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveTextContent('Ben')
  })

  it('shows an error linked to the trigger', () => {
    render(<Select label="Owner" options={owners} error="Choose an owner" />)
    const trigger = screen.getByRole('combobox', { name: 'Owner' })
    expect(trigger).toHaveAttribute('aria-invalid', 'true')
    expect(trigger).toHaveAccessibleDescription('Choose an owner')
    expect(trigger).toHaveClass('border-red-600')
    expect(screen.getByRole('alert')).toHaveTextContent('Choose an owner')
  })
})
