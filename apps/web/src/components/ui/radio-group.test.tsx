import '@/test-support/dom-polyfills'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { RadioGroup, type RadioGroupOption } from './radio-group'

const methods: RadioGroupOption[] = [
  { value: 'email', label: 'Email', description: 'Written follow-ups' },
  { value: 'phone', label: 'Phone' },
  { value: 'mixed', label: 'Mixed' },
]

describe('RadioGroup', () => {
  it('renders a named radio group with labelled options', () => {
    render(<RadioGroup label="Communication method" options={methods} />)
    expect(screen.getByRole('radiogroup', { name: 'Communication method' })).toBeInTheDocument()
    expect(screen.getAllByRole('radio')).toHaveLength(3)
    expect(screen.getByRole('radio', { name: 'Email' })).toHaveAccessibleDescription(
      'Written follow-ups',
    )
    expect(screen.getByRole('radio', { name: 'Phone' })).not.toBeChecked()
  })

  it('selects an option on click', async () => {
    const user = userEvent.setup()
    const onValueChange = vi.fn()
    render(<RadioGroup label="Method" options={methods} onValueChange={onValueChange} />)
    await user.click(screen.getByText('Phone'))
    expect(screen.getByRole('radio', { name: 'Phone' })).toBeChecked()
    expect(onValueChange).toHaveBeenCalledWith('phone')
  })

  it('moves the selection with the arrow keys', async () => {
    const user = userEvent.setup()
    const onValueChange = vi.fn()
    render(
      <RadioGroup
        label="Method"
        options={methods}
        defaultValue="email"
        onValueChange={onValueChange}
      />,
    )
    await user.tab()
    expect(screen.getByRole('radio', { name: 'Email' })).toHaveFocus()

    // Radix moves focus on the next tick and selects while the arrow key is still held, as in a
    // browser; user-event would release it at once, so press and release separately.
    let focused: Element | null = null
    const arrow = async (key: string) => {
      await user.keyboard(`{${key}>}`)
      await waitFor(() => expect(document.activeElement).not.toBe(focused))
      await user.keyboard(`{/${key}}`)
    }
    focused = document.activeElement
    await arrow('ArrowDown')
    expect(screen.getByRole('radio', { name: 'Phone' })).toHaveFocus()
    expect(screen.getByRole('radio', { name: 'Phone' })).toBeChecked()
    expect(onValueChange).toHaveBeenLastCalledWith('phone')

    focused = document.activeElement
    await arrow('ArrowDown')
    expect(screen.getByRole('radio', { name: 'Mixed' })).toBeChecked()

    focused = document.activeElement
    await arrow('ArrowUp')
    expect(screen.getByRole('radio', { name: 'Phone' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Mixed' })).not.toBeChecked()
  })

  it('marks a required group with an asterisk and aria-required', () => {
    const { container } = render(<RadioGroup label="Method" options={methods} required />)
    expect(screen.getByRole('radiogroup', { name: 'Method' })).toHaveAttribute(
      'aria-required',
      'true',
    )
    const marker = container.querySelector('[data-slot="required-marker"]')
    expect(marker).toHaveTextContent('*')
    expect(marker).toHaveClass('text-red-600')
    expect(marker).toHaveAttribute('title', 'Required')
  })
})
