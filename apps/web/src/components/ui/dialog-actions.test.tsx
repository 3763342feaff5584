import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { DialogActions } from './dialog-actions'

const confirm = { label: 'Delete', pendingLabel: 'Deleting…', pending: false }

describe('DialogActions', () => {
  it('cancels, and confirms through its click handler', async () => {
    const onCancel = vi.fn()
    const onClick = vi.fn()
    render(<DialogActions onCancel={onCancel} confirm={{ ...confirm, onClick }} />)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(onCancel).toHaveBeenCalledOnce()
    expect(onClick).toHaveBeenCalledOnce()
  })

  it('submits the named form, and is disabled with its pending text while the work runs', () => {
    const { rerender } = render(
      <DialogActions onCancel={vi.fn()} confirm={{ ...confirm, formId: 'the-form' }} />,
    )
    const submit = screen.getByRole('button', { name: 'Delete' })
    expect(submit).toHaveAttribute('type', 'submit')
    expect(submit).toHaveAttribute('form', 'the-form')
    rerender(
      <DialogActions
        onCancel={vi.fn()}
        confirm={{ ...confirm, formId: 'the-form', pending: true }}
      />,
    )
    expect(screen.getByRole('button', { name: 'Deleting…' })).toBeDisabled()
  })

  it('offers only Cancel when there is nothing to confirm', () => {
    render(<DialogActions onCancel={vi.fn()} confirm={null} />)
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancel'])
  })
})
