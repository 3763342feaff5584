import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { notify, Toaster } from './toast'

afterEach(() => {
  act(() => {
    notify.dismiss()
  })
})

describe('Toaster and notify', () => {
  it('shows a message in a labelled notifications region', async () => {
    render(<Toaster />)
    act(() => {
      notify('Filters reset')
    })
    expect(await screen.findByText('Filters reset')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeInTheDocument()
  })

  it('shows success and error messages with their type and a translated close button', async () => {
    render(<Toaster />)
    act(() => {
      notify.success('Pipeline saved')
      notify.error('Could not save the pipeline')
    })
    const success = await screen.findByText('Pipeline saved')
    const error = await screen.findByText('Could not save the pipeline')
    expect(success.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'success')
    expect(error.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'error')
    expect(screen.getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0)
  })

  it('returns the toast id so callers can dismiss it', async () => {
    render(<Toaster />)
    let id: string | number = ''
    act(() => {
      id = notify('Temporary', { duration: Infinity })
    })
    expect(await screen.findByText('Temporary')).toBeInTheDocument()
    expect(id).not.toBe('')
  })

  it('sits in the bottom corner, clear of dialogs, and cuts a long message with the full text in its title', async () => {
    render(<Toaster />)
    const long = `Objection type “${'Very long name '.repeat(30)}” saved.`
    act(() => {
      notify.success(long)
    })
    const message = await screen.findByText(long)
    expect(message).toHaveAttribute('title', long)
    expect(message).toHaveClass('line-clamp-3')
    const list = message.closest('[data-sonner-toaster]')
    expect(list).toHaveAttribute('data-y-position', 'bottom')
    expect(list).toHaveAttribute('data-x-position', 'right')
  })
})
