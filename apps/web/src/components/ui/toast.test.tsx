import '@/test-support/dom-polyfills'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { notify, Toaster } from './toast'

/**
 * jsdom lays nothing out: a text longer than `fits` characters reads as cut by line-clamp. Only
 * these spies are restored after the test (test-setup.ts keeps spies of its own).
 */
let layoutSpies: { mockRestore(): void }[] = []
function measureTextAsCut(fits: number) {
  layoutSpies = [
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return (this.textContent?.length ?? 0) > fits ? 120 : 40
    }),
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(60),
  ]
}

afterEach(() => {
  for (const spy of layoutSpies) spy.mockRestore()
  layoutSpies = []
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

  it('sits narrow in the bottom corner, clear of dialogs, and cuts a long message to three lines', async () => {
    render(<Toaster />)
    const long = `Objection type “${'Very long name '.repeat(30)}” saved.`
    act(() => {
      notify.success(long)
    })
    const message = await screen.findByText(long)
    expect(message).toHaveClass('line-clamp-3')
    const list = message.closest('[data-sonner-toaster]')
    expect(list).toHaveAttribute('data-y-position', 'bottom')
    expect(list).toHaveAttribute('data-x-position', 'right')
    // Narrow, so that it covers little of a page's right-hand column.
    expect((list as HTMLElement).style.getPropertyValue('--width')).toBe('18rem')
  })

  it('shows the whole of a cut message from a button, by tap or keyboard, and keeps it open to read', async () => {
    measureTextAsCut(100)
    const user = userEvent.setup()
    render(<Toaster />)
    const long = `Objection type “${'Very long name '.repeat(30)}” saved.`
    let id: string | number = ''
    act(() => {
      notify('Saved')
      id = notify.error(long)
    })
    const message = await screen.findByText(long)
    // A message that fits gets no button.
    expect(await screen.findByText('Saved')).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Show the whole message' })).toHaveLength(1)

    const show = screen.getByRole('button', { name: 'Show the whole message' })
    expect(show).toHaveAttribute('aria-expanded', 'false')
    expect(show).toHaveAttribute('aria-controls', message.id)
    await user.click(show)
    expect(message).not.toHaveClass('line-clamp-3')
    const less = screen.getByRole('button', { name: 'Show less' })
    expect(less).toHaveAttribute('aria-expanded', 'true')
    // Opened, it stays until closed, as an error toast and under its own id.
    const shown = toast.getToasts().find((item) => item.id === id)
    expect(shown).toMatchObject({ duration: Infinity, type: 'error' })

    less.focus()
    await user.keyboard('{Enter}')
    expect(message).toHaveClass('line-clamp-3')
    expect(screen.getByRole('button', { name: 'Show the whole message' })).toHaveFocus()
  })
})
