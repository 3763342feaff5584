import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Badge } from './badge'

describe('Badge', () => {
  it('renders the default variant as a span', () => {
    render(<Badge>New</Badge>)
    const badge = screen.getByText('New')
    expect(badge.tagName).toBe('SPAN')
    expect(badge).toHaveAttribute('data-slot', 'badge')
    expect(badge).toHaveClass('bg-brand-600')
  })

  it.each([
    ['secondary', 'bg-gray-100'],
    ['destructive', 'bg-red-600'],
    ['outline', 'border-gray-300'],
    ['success', 'bg-emerald-50'],
    ['warning', 'bg-amber-50'],
    ['danger', 'bg-red-50'],
    ['info', 'bg-brand-50'],
  ] as const)('renders the %s variant', (variant, expected) => {
    render(<Badge variant={variant}>Label</Badge>)
    const badge = screen.getByText('Label')
    expect(badge).toHaveAttribute('data-variant', variant)
    expect(badge).toHaveClass(expected)
  })

  it('renders a link with asChild', () => {
    render(
      <Badge asChild variant="outline">
        <a href="/deals/1">Deal 1</a>
      </Badge>,
    )
    expect(screen.getByRole('link', { name: 'Deal 1' })).toHaveAttribute('data-slot', 'badge')
  })
})
