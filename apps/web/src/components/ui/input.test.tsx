import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Input } from './input'
import { Textarea } from './textarea'

describe('Input and Textarea with an error (spec §5)', () => {
  it('keep a red border over a borderless look the caller chose', () => {
    render(
      <>
        <Input
          aria-label="Stage"
          aria-invalid
          className="border-transparent hover:border-gray-300"
        />
        <Textarea aria-label="Notes" aria-invalid="true" className="border-transparent" />
      </>,
    )
    for (const control of [
      screen.getByRole('textbox', { name: 'Stage' }),
      screen.getByRole('textbox', { name: 'Notes' }),
    ]) {
      expect(control).toHaveClass('border-red-600', 'hover:border-red-600')
      expect(control).not.toHaveClass('border-transparent')
      expect(control).not.toHaveClass('hover:border-gray-300')
    }
  })

  it("keep the caller's look without an error", () => {
    render(<Input aria-label="Stage" aria-invalid={false} className="border-transparent" />)
    const input = screen.getByRole('textbox', { name: 'Stage' })
    expect(input).toHaveClass('border-transparent')
    expect(input).not.toHaveClass('border-red-600')
  })
})
