import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { LoadError } from './load-error'

describe('LoadError', () => {
  it('announces the failure and tries again on request', async () => {
    const onRetry = vi.fn()
    render(<LoadError onRetry={onRetry}>The checklist could not be loaded.</LoadError>)
    expect(screen.getByRole('alert')).toHaveTextContent('The checklist could not be loaded.')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })
})
