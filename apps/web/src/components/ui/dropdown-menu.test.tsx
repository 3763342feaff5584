import '@/test-support/dom-polyfills'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Button } from './button'
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuTrigger,
} from './dropdown-menu'

function UserMenu({ onSignOut, onProfile }: { onSignOut: () => void; onProfile: () => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost">Account</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Signed in as Ana</DropdownMenuLabel>
        <DropdownMenuItem onSelect={onProfile}>
          Profile
          <DropdownMenuShortcut>⌘P</DropdownMenuShortcut>
        </DropdownMenuItem>
        <DropdownMenuCheckboxItem checked>Compact view</DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={onSignOut}>
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

describe('DropdownMenu', () => {
  it('opens from the keyboard, moves with arrows and selects an item', async () => {
    const user = userEvent.setup()
    const onSignOut = vi.fn()
    render(<UserMenu onSignOut={onSignOut} onProfile={vi.fn()} />)
    await user.tab()
    const trigger = screen.getByRole('button', { name: 'Account' })
    expect(trigger).toHaveFocus()
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu')

    await user.keyboard('{Enter}')
    const menu = screen.getByRole('menu')
    expect(menu).toHaveAttribute('data-slot', 'dropdown-menu-content')
    expect(trigger).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('menuitem', { name: /Profile/ })).toHaveFocus()
    expect(screen.getByRole('menuitemcheckbox', { name: 'Compact view' })).toBeChecked()

    await user.keyboard('{ArrowDown}{ArrowDown}')
    const signOut = screen.getByRole('menuitem', { name: 'Sign out' })
    expect(signOut).toHaveFocus()
    expect(signOut).toHaveAttribute('data-variant', 'destructive')

    await user.keyboard('{Enter}')
    expect(onSignOut).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(trigger).toHaveFocus()
  })

  it('opens with ArrowDown and closes on Escape', async () => {
    const user = userEvent.setup()
    render(<UserMenu onSignOut={vi.fn()} onProfile={vi.fn()} />)
    await user.tab()
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('menu')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus()
  })
})
