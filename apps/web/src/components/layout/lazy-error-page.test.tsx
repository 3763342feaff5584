import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hardNavigation } from '@/lib/hard-navigation'
import { LazyErrorPage } from './lazy-error-page'

// The error page's chunk fails to load, as it does offline or after a new deployment.
vi.mock('./error-page', () => {
  throw new Error('Failed to fetch dynamically imported module')
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('LazyErrorPage when its chunk cannot load', () => {
  it('shows the error in words, with a reload, rather than a blank page', async () => {
    const reload = vi.spyOn(hardNavigation, 'reload').mockImplementation(() => undefined)
    render(<LazyErrorPage variant="not-found" />)
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Something went wrong',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }))
    expect(reload).toHaveBeenCalledOnce()
  })
})
