import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Switch, SwitchWithText } from './switch'

function Controlled() {
  const [on, setOn] = useState(false)
  return <Switch aria-label="Active" checked={on} onCheckedChange={setOn} />
}

describe('Switch', () => {
  it('is a named switch that flips on click and on Space', async () => {
    const user = userEvent.setup()
    render(<Controlled />)
    const control = screen.getByRole('switch', { name: 'Active' })
    expect(control).not.toBeChecked()
    await user.click(control)
    expect(control).toBeChecked()
    await user.keyboard(' ')
    expect(control).not.toBeChecked()
  })

  it('does nothing when disabled', async () => {
    const user = userEvent.setup()
    render(<Switch aria-label="Active" disabled defaultChecked />)
    const control = screen.getByRole('switch', { name: 'Active' })
    await user.click(control)
    expect(control).toBeChecked()
  })
})

describe('SwitchWithText', () => {
  function Labelled() {
    const [on, setOn] = useState(true)
    return (
      <SwitchWithText
        text="Active"
        offText="Inactive"
        aria-label="Active: New Business"
        checked={on}
        onCheckedChange={setOn}
      />
    )
  }

  it('says Active when on and Inactive when off', async () => {
    const user = userEvent.setup()
    const { container } = render(<Labelled />)
    const visibleText = () =>
      [...container.querySelectorAll('label span')]
        .filter((span) => !span.classList.contains('invisible'))
        .map((span) => span.textContent)
    expect(visibleText()).toEqual(['Active'])
    await user.click(screen.getByRole('switch', { name: 'Active: New Business' }))
    expect(screen.getByRole('switch')).not.toBeChecked()
    expect(visibleText()).toEqual(['Inactive'])
  })
})
