import '@/test-support/dom-polyfills'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { LinkPasswordDialog } from './link-password-dialog'

function renderDialog(onClose = vi.fn()) {
  render(
    <LinkPasswordDialog
      provider="Google"
      pending={false}
      error={null}
      onSubmit={vi.fn()}
      onClose={onClose}
    />,
  )
  return onClose
}

describe('LinkPasswordDialog', () => {
  it('closes at once on Escape before a password is typed', async () => {
    const user = userEvent.setup()
    const onClose = renderDialog()
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('asks before Escape drops a typed password', async () => {
    const user = userEvent.setup()
    const onClose = renderDialog()
    await user.type(screen.getByLabelText('Password of your Dealcoach account'), 'correct horse')
    await user.keyboard('{Escape}')
    expect(onClose).not.toHaveBeenCalled()
    const question = screen.getByRole('dialog', { name: 'Leave without saving?' })
    await user.click(within(question).getByRole('button', { name: 'Leave without saving' }))
    expect(onClose).toHaveBeenCalledOnce()
  })
})
