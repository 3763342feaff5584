import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Switch } from './switch'

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
