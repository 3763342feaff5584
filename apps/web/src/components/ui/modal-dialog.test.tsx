import '@/test-support/dom-polyfills'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Button } from './button'
import { DialogActions } from './dialog-actions'
import { ModalDialog, useReportUnsavedEdits } from './modal-dialog'

function ControlledHarness({
  onClose,
  onOpenChange,
}: {
  onClose?: () => void
  onOpenChange?: (open: boolean) => void
}) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <input aria-label="Deal name" />
      <Button onClick={() => setOpen(true)}>Open settings</Button>
      <ModalDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          onOpenChange?.(next)
        }}
        onClose={onClose}
        title="Settings"
        description="Change how the dashboard looks."
        footer={<Button onClick={() => setOpen(false)}>Done</Button>}
      >
        <input aria-label="Display name" />
      </ModalDialog>
    </>
  )
}

describe('ModalDialog', () => {
  describe('with its own trigger', () => {
    it('opens from the trigger with its title, description, body and footer', async () => {
      const user = userEvent.setup()
      render(
        <ModalDialog
          trigger={<Button>Show evidence</Button>}
          title="Evidence"
          description="Quotes behind the score."
          footer={<Button variant="outline">Cancel</Button>}
        >
          <p>Body text</p>
        </ModalDialog>,
      )
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Show evidence' }))

      const dialog = screen.getByRole('dialog', { name: 'Evidence' })
      expect(dialog).toHaveAccessibleDescription('Quotes behind the score.')
      expect(dialog).toHaveAttribute('data-slot', 'modal-dialog')
      expect(dialog).toHaveAttribute('data-variant', 'default')
      expect(dialog).toHaveClass('sm:max-w-lg')
      expect(screen.getByText('Body text')).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument()
    })

    it('closes with the close button, calls onClose and returns focus to the trigger', async () => {
      const user = userEvent.setup()
      const onClose = vi.fn()
      render(
        <ModalDialog trigger={<Button>Open</Button>} title="Details" onClose={onClose}>
          <p>Content</p>
        </ModalDialog>,
      )
      const trigger = screen.getByRole('button', { name: 'Open' })
      await user.click(trigger)
      expect(screen.getByRole('dialog')).toBeInTheDocument()
      expect(onClose).not.toHaveBeenCalled()

      await user.click(screen.getByRole('button', { name: 'Close' }))
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
      expect(onClose).toHaveBeenCalledTimes(1)
      await waitFor(() => expect(trigger).toHaveFocus())
    })

    it('closes on Escape and returns focus to the trigger opened from the keyboard', async () => {
      const user = userEvent.setup()
      const onClose = vi.fn()
      render(
        <ModalDialog trigger={<Button>Open</Button>} title="Details" onClose={onClose}>
          <input aria-label="Note" />
        </ModalDialog>,
      )
      await user.tab()
      const trigger = screen.getByRole('button', { name: 'Open' })
      expect(trigger).toHaveFocus()
      await user.keyboard('{Enter}')

      expect(screen.getByRole('dialog')).toBeInTheDocument()
      // Focus moves into the dialog while it is open.
      expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement)

      await user.keyboard('{Escape}')
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
      expect(onClose).toHaveBeenCalledTimes(1)
      await waitFor(() => expect(trigger).toHaveFocus())
    })

    it('uses the wide variant', async () => {
      const user = userEvent.setup()
      render(<ModalDialog trigger={<Button>Open</Button>} title="Wide" variant="wide" />)
      await user.click(screen.getByRole('button', { name: 'Open' }))
      const dialog = screen.getByRole('dialog', { name: 'Wide' })
      expect(dialog).toHaveAttribute('data-variant', 'wide')
      expect(dialog).toHaveClass('sm:max-w-3xl')
      expect(dialog).not.toHaveClass('sm:max-w-lg')
    })
  })

  describe('controlled', () => {
    it('opens from the parent state and closes on Escape, returning focus to the opener', async () => {
      const user = userEvent.setup()
      const onClose = vi.fn()
      const onOpenChange = vi.fn()
      render(<ControlledHarness onClose={onClose} onOpenChange={onOpenChange} />)
      const opener = screen.getByRole('button', { name: 'Open settings' })

      await user.click(opener)
      expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument()

      await user.keyboard('{Escape}')
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
      expect(onOpenChange).toHaveBeenCalledWith(false)
      expect(onClose).toHaveBeenCalledTimes(1)
      await waitFor(() => expect(opener).toHaveFocus())
    })

    it('calls onClose and returns focus when the parent closes it', async () => {
      const user = userEvent.setup()
      const onClose = vi.fn()
      render(<ControlledHarness onClose={onClose} />)
      const opener = screen.getByRole('button', { name: 'Open settings' })

      await user.click(opener)
      await user.click(screen.getByRole('button', { name: 'Done' }))
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
      expect(onClose).toHaveBeenCalledTimes(1)
      await waitFor(() => expect(opener).toHaveFocus())
    })

    it('returns focus to whatever was focused before it opened', async () => {
      const user = userEvent.setup()
      const onClose = vi.fn()
      const { rerender } = render(
        <>
          <input aria-label="Deal name" />
          <ModalDialog open={false} onOpenChange={vi.fn()} title="Shortcut" onClose={onClose} />
        </>,
      )
      const field = screen.getByRole('textbox', { name: 'Deal name' })
      await user.click(field)
      expect(field).toHaveFocus()

      const onOpenChange = vi.fn()
      rerender(
        <>
          <input aria-label="Deal name" />
          <ModalDialog open onOpenChange={onOpenChange} title="Shortcut" onClose={onClose} />
        </>,
      )
      expect(screen.getByRole('dialog', { name: 'Shortcut' })).toBeInTheDocument()
      await waitFor(() => expect(field).not.toHaveFocus())

      await user.keyboard('{Escape}')
      expect(onOpenChange).toHaveBeenCalledWith(false)
      rerender(
        <>
          <input aria-label="Deal name" />
          <ModalDialog
            open={false}
            onOpenChange={onOpenChange}
            title="Shortcut"
            onClose={onClose}
          />
        </>,
      )
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
      expect(onClose).toHaveBeenCalledTimes(1)
      await waitFor(() => expect(field).toHaveFocus())
    })

    it('returns focus to its opener when a field inside focused itself on opening', async () => {
      const user = userEvent.setup()
      function SelfFocusing() {
        const [open, setOpen] = useState(false)
        return (
          <>
            <Button onClick={() => setOpen(true)}>Choose a type</Button>
            <ModalDialog open={open} onOpenChange={setOpen} title="Type">
              <input aria-label="Type name" autoFocus />
            </ModalDialog>
          </>
        )
      }
      render(<SelfFocusing />)
      const opener = screen.getByRole('button', { name: 'Choose a type' })
      await user.click(opener)
      await waitFor(() => expect(screen.getByLabelText('Type name')).toHaveFocus())
      await user.keyboard('{Escape}')
      await waitFor(() => expect(opener).toHaveFocus())
    })

    it('stays open while the parent keeps it open', async () => {
      const user = userEvent.setup()
      const onOpenChange = vi.fn()
      render(<ModalDialog open onOpenChange={onOpenChange} title="Pinned" />)
      await user.keyboard('{Escape}')
      expect(onOpenChange).toHaveBeenCalledWith(false)
      expect(screen.getByRole('dialog', { name: 'Pinned' })).toBeInTheDocument()
    })
  })
})

/** A dialog whose form, below it, reports its edits; opened from a button, closed by the parent. */
function EditingHarness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>Edit deal</Button>
      <ModalDialog
        open={open}
        onOpenChange={setOpen}
        onClose={onClose}
        title="Edit deal"
        footer={<DialogActions onCancel={() => setOpen(false)} confirm={null} />}
      >
        <NameForm />
      </ModalDialog>
    </>
  )
}

function NameForm() {
  const [name, setName] = useState('Acme rollout')
  useReportUnsavedEdits(name !== 'Acme rollout')
  return (
    <label>
      Name
      <input value={name} onChange={(event) => setName(event.target.value)} />
    </label>
  )
}

const closeWays = {
  Escape: (user: UserEvent) => user.keyboard('{Escape}'),
  'the close button': (user: UserEvent) =>
    user.click(screen.getByRole('button', { name: 'Close' })),
  Cancel: (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Cancel' })),
  'a click outside': (user: UserEvent) =>
    user.click(document.querySelector('[data-slot="modal-dialog-overlay"]')!),
}

describe('ModalDialog with unsaved edits', () => {
  it.each(Object.entries(closeWays))(
    'closes at once on %s while nothing is edited',
    async (_, close) => {
      const user = userEvent.setup()
      const onClose = vi.fn()
      render(<EditingHarness onClose={onClose} />)
      await user.click(screen.getByRole('button', { name: 'Edit deal' }))
      await close(user)
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
      expect(onClose).toHaveBeenCalledOnce()
    },
  )

  it.each(Object.entries(closeWays))(
    'asks before closing on %s; staying keeps the edits',
    async (_, close) => {
      const user = userEvent.setup()
      const onClose = vi.fn()
      render(<EditingHarness onClose={onClose} />)
      await user.click(screen.getByRole('button', { name: 'Edit deal' }))
      await user.type(screen.getByLabelText('Name'), ' 2027')
      await close(user)

      const question = screen.getByRole('dialog', { name: 'Leave without saving?' })
      expect(question).toHaveAccessibleDescription(
        'Your changes on this page are not saved yet. If you leave now, they are lost.',
      )
      await user.click(within(question).getByRole('button', { name: 'Stay on this page' }))

      expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull()
      expect(screen.getByRole('dialog', { name: 'Edit deal' })).toBeInTheDocument()
      expect(screen.getByLabelText('Name')).toHaveValue('Acme rollout 2027')
      expect(onClose).not.toHaveBeenCalled()
    },
  )

  it('stays when the question itself is dismissed with Escape, focus back in the form', async () => {
    const user = userEvent.setup()
    render(<EditingHarness />)
    await user.click(screen.getByRole('button', { name: 'Edit deal' }))
    const name = screen.getByLabelText('Name')
    await user.type(name, ' 2027')
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull()
    expect(screen.getByRole('dialog', { name: 'Edit deal' })).toBeInTheDocument()
    await waitFor(() => expect(name).toHaveFocus())
  })

  it('closes when the user chooses to leave, dropping the edits, and focus returns to the opener', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(<EditingHarness onClose={onClose} />)
    const opener = screen.getByRole('button', { name: 'Edit deal' })
    await user.click(opener)
    await user.type(screen.getByLabelText('Name'), ' 2027')
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }))

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(onClose).toHaveBeenCalledOnce()
    await waitFor(() => expect(opener).toHaveFocus())
    await user.click(opener)
    expect(screen.getByLabelText('Name')).toHaveValue('Acme rollout')
  })

  it('asks when its owner says it is dirty, and not once the edits are undone', async () => {
    const user = userEvent.setup()
    function Owned() {
      const [note, setNote] = useState('')
      return (
        <ModalDialog open onOpenChange={vi.fn()} title="Add a note" dirty={note !== ''}>
          <input aria-label="Note" value={note} onChange={(event) => setNote(event.target.value)} />
        </ModalDialog>
      )
    }
    render(<Owned />)
    await user.type(screen.getByLabelText('Note'), 'x')
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }))
    await user.clear(screen.getByLabelText('Note'))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull()
  })

  it('is not asked when its parent closes it, e.g. after a save', async () => {
    const user = userEvent.setup()
    const { rerender } = render(
      <ModalDialog open onOpenChange={vi.fn()} title="Edit deal">
        <NameForm />
      </ModalDialog>,
    )
    await user.type(screen.getByLabelText('Name'), ' 2027')
    rerender(
      <ModalDialog open={false} onOpenChange={vi.fn()} title="Edit deal">
        <NameForm />
      </ModalDialog>,
    )
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('drops its question when the parent closes it meanwhile, e.g. as a save ends', async () => {
    const user = userEvent.setup()
    const dialog = (open: boolean) => (
      <ModalDialog open={open} onOpenChange={vi.fn()} title="Edit deal">
        <NameForm />
      </ModalDialog>
    )
    const { rerender } = render(dialog(true))
    await user.type(screen.getByLabelText('Name'), ' 2027')
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument()
    rerender(dialog(false))
    expect(screen.queryByRole('dialog')).toBeNull()
    rerender(dialog(true))
    expect(screen.getByRole('dialog', { name: 'Edit deal' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull()
  })
})
