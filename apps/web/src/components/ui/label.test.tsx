import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Input } from './input'
import { Label } from './label'
import { RequiredMarker } from './required-marker'

describe('Label', () => {
  it('names its control and focuses it when clicked', async () => {
    const user = userEvent.setup()
    render(
      <>
        <Label htmlFor="company">
          Company
          <RequiredMarker />
        </Label>
        <Input id="company" />
      </>,
    )
    // The decorative asterisk stays out of the accessible name.
    const input = screen.getByRole('textbox', { name: 'Company' })
    expect(screen.getByText('Company')).toHaveAttribute('data-slot', 'label')
    await user.click(screen.getByText('Company'))
    expect(input).toHaveFocus()
  })
})
