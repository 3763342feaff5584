import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Spinner } from './spinner'

describe('Spinner', () => {
  it('is a status announced as Loading', () => {
    render(<Spinner />)
    const spinner = screen.getByRole('status', { name: 'Loading' })
    expect(spinner).toHaveAttribute('data-slot', 'spinner')
    expect(spinner).toHaveClass('animate-spin')
  })

  it('takes its own label and size', () => {
    render(<Spinner aria-label="Saving" className="size-8" />)
    expect(screen.getByRole('status', { name: 'Saving' })).toHaveClass('size-8')
  })
})
