import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { InboxIcon } from 'lucide-react'
import { describe, expect, it, vi } from 'vitest'
import { EmptyState } from './empty-state'
import { EmptyIllustration } from './illustrations'

describe('EmptyState', () => {
  it('shows an icon, a title and a description without an action', () => {
    const { container } = render(
      <EmptyState
        icon={<InboxIcon data-testid="icon" />}
        title="No deals yet"
        description="Deals appear here once your CRM is linked."
      />,
    )
    expect(screen.getByRole('heading', { level: 2, name: 'No deals yet' })).toBeInTheDocument()
    expect(screen.getByText('Deals appear here once your CRM is linked.')).toBeInTheDocument()
    expect(screen.getByTestId('icon')).toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(container.querySelector('[data-slot="empty-state-action"]')).toBeNull()
  })

  it('renders an action button that calls its handler', async () => {
    const user = userEvent.setup()
    const onClick = vi.fn()
    render(
      <EmptyState
        icon={<EmptyIllustration />}
        title="No pipelines"
        headingLevel={3}
        action={{ label: 'Configure pipelines', onClick }}
      />,
    )
    expect(screen.getByRole('heading', { level: 3, name: 'No pipelines' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Configure pipelines' }))
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('styles a link action as a button', () => {
    render(<EmptyState title="Lost?" action={<a href="/dashboard">Back to the dashboard</a>} />)
    const link = screen.getByRole('link', { name: 'Back to the dashboard' })
    expect(link).toHaveAttribute('href', '/dashboard')
    expect(link).toHaveAttribute('data-slot', 'button')
    expect(link).toHaveClass('bg-brand-600')
  })

  it('leaves out the description when none is given', () => {
    const { container } = render(<EmptyState title="Empty" />)
    expect(container.querySelector('[data-slot="empty-state-description"]')).toBeNull()
    expect(container.querySelector('[data-slot="empty-state-icon"]')).toBeNull()
  })
})
