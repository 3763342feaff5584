import '@/test-support/dom-polyfills'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { FormDialog } from './form-dialog'

function Dialog({ pending = false, dirty = false, onSubmit = vi.fn(), onCancel = vi.fn() }) {
  return (
    <FormDialog
      open
      dirty={dirty}
      title="Rename pipeline"
      submit={{ label: 'Save', pendingLabel: 'Saving…', pending }}
      onCancel={onCancel}
    >
      {(formId) => (
        <form
          id={formId}
          onSubmit={(event) => {
            event.preventDefault()
            onSubmit()
          }}
        >
          <label>
            Name
            <input name="name" />
          </label>
        </form>
      )}
    </FormDialog>
  )
}

describe('FormDialog', () => {
  it('submits its form from the footer button and from Enter in a field', async () => {
    const onSubmit = vi.fn()
    render(<Dialog onSubmit={onSubmit} />)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await userEvent.type(screen.getByLabelText('Name'), 'Enterprise{Enter}')
    expect(onSubmit).toHaveBeenCalledTimes(2)
  })

  it('cancels, and shows its pending label on a disabled button while the form is sent', async () => {
    const onCancel = vi.fn()
    const { rerender } = render(<Dialog onCancel={onCancel} />)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledOnce()
    rerender(<Dialog pending />)
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled()
  })

  it('asks before Cancel drops unsaved edits, and cancels once the user agrees', async () => {
    const user = userEvent.setup()
    const onCancel = vi.fn()
    render(<Dialog dirty onCancel={onCancel} />)
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).not.toHaveBeenCalled()
    await user.click(
      within(screen.getByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    )
    expect(onCancel).toHaveBeenCalledOnce()
  })
})
