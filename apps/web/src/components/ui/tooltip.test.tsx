import { createMediaQueryList } from '@/test-support/dom-polyfills'
import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Button } from './button'
import { TOOLTIP_DELAY_MS, Tooltip } from './tooltip'

function tooltipContent() {
  return document.querySelector('[data-slot="tooltip-content"]')
}

function mockMatchMedia(matching: string[]) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    createMediaQueryList(query, matching.includes(query)),
  )
}

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('Tooltip on hover devices', () => {
  it('opens on hover with no delay, on a #141414 background', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    render(
      <Tooltip content="Deals closing this quarter">
        <Button>Info</Button>
      </Tooltip>,
    )
    expect(TOOLTIP_DELAY_MS).toBe(0)
    const trigger = screen.getByRole('button', { name: 'Info' })
    fireEvent.pointerMove(trigger, { pointerType: 'mouse' })
    // A zero-millisecond open delay: no time has to pass beyond the current tick.
    act(() => {
      vi.advanceTimersByTime(0)
    })
    expect(screen.getByRole('tooltip')).toHaveTextContent('Deals closing this quarter')
    const content = tooltipContent()
    expect(content).toHaveAttribute('data-mode', 'tooltip')
    expect(content).toHaveClass('bg-[#141414]', 'text-white')
    expect(trigger).toHaveAccessibleDescription('Deals closing this quarter')
  })

  it('opens when the pointer rests on the trigger (user-event hover)', async () => {
    const user = userEvent.setup()
    render(
      <Tooltip content="Hover hint">
        <Button>Hover me</Button>
      </Tooltip>,
    )
    await user.hover(screen.getByRole('button', { name: 'Hover me' }))
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Hover hint')
  })

  it('opens on keyboard focus and closes on Escape', async () => {
    const user = userEvent.setup()
    render(
      <Tooltip content="Explains the score">
        <Button>Score</Button>
      </Tooltip>,
    )
    await user.tab()
    expect(screen.getByRole('button', { name: 'Score' })).toHaveFocus()
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Explains the score')

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
  })

  it('stays a tooltip when matchMedia reports a hover-capable fine pointer', async () => {
    mockMatchMedia([])
    const user = userEvent.setup()
    render(
      <Tooltip content="Hint">
        <Button>Help</Button>
      </Tooltip>,
    )
    await user.click(screen.getByRole('button', { name: 'Help' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('Tooltip on touch or no-hover devices', () => {
  it.each(['(hover: none)', '(pointer: coarse)'])(
    'becomes a popover opened by a tap when %s matches',
    async (query) => {
      mockMatchMedia([query])
      const user = userEvent.setup()
      render(
        <Tooltip content="Tap-friendly hint">
          <Button>Help</Button>
        </Tooltip>,
      )
      const trigger = screen.getByRole('button', { name: 'Help' })
      expect(trigger).toHaveAttribute('aria-haspopup', 'dialog')
      expect(trigger).toHaveAttribute('aria-expanded', 'false')

      await user.hover(trigger)
      expect(tooltipContent()).toBeNull()

      await user.click(trigger)
      const content = tooltipContent()
      expect(content).toHaveTextContent('Tap-friendly hint')
      expect(content).toHaveAttribute('data-mode', 'popover')
      expect(content).toHaveAttribute('role', 'dialog')
      expect(content).toHaveClass('bg-[#141414]')
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
      expect(trigger).toHaveAttribute('aria-expanded', 'true')

      await user.click(trigger)
      expect(tooltipContent()).toBeNull()
    },
  )
})
