import '@/test-support/dom-polyfills'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Button } from './button'
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from './popover'

describe('Popover', () => {
  it('opens from its trigger, closes on Escape and returns focus', async () => {
    const user = userEvent.setup()
    render(
      <Popover>
        <PopoverTrigger asChild>
          <Button>Filters</Button>
        </PopoverTrigger>
        <PopoverContent aria-label="Filter options">
          <p>Choose filters</p>
          <PopoverClose>Done</PopoverClose>
        </PopoverContent>
      </Popover>,
    )
    const trigger = screen.getByRole('button', { name: 'Filters' })
    await user.click(trigger)
    const dialog = screen.getByRole('dialog', { name: 'Filter options' })
    expect(dialog).toHaveAttribute('data-slot', 'popover-content')
    expect(dialog).toHaveTextContent('Choose filters')

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(trigger).toHaveFocus()
  })

  it('closes with its close button', async () => {
    const user = userEvent.setup()
    render(
      <Popover defaultOpen>
        <PopoverTrigger>Open</PopoverTrigger>
        <PopoverContent>
          <PopoverClose>Done</PopoverClose>
        </PopoverContent>
      </Popover>,
    )
    await user.click(screen.getByRole('button', { name: 'Done' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
