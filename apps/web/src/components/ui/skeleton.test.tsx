import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Skeleton } from './skeleton'

describe('Skeleton', () => {
  it('renders a pulsing block hidden from assistive technology', () => {
    const { container } = render(<Skeleton className="h-4 w-32" />)
    const block = container.firstElementChild
    expect(block).toHaveAttribute('data-slot', 'skeleton')
    expect(block).toHaveAttribute('aria-hidden', 'true')
    expect(block).toHaveClass('animate-pulse', 'motion-reduce:animate-none', 'h-4', 'w-32')
  })
})
