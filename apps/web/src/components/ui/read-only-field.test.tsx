import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Input } from './input'
import { readOnlyFieldClassName } from './read-only-field'
import { Textarea } from './textarea'

describe('read-only fields', () => {
  it('give read-only inputs and text areas the one read-only look', () => {
    render(
      <>
        <Input aria-label="Name" value="Acme" readOnly />
        <Textarea aria-label="Description" value="What it does" readOnly />
        <Input aria-label="Editable" defaultValue="x" />
      </>,
    )
    for (const name of ['Name', 'Description']) {
      const field = screen.getByRole('textbox', { name })
      expect(field).toHaveAttribute('data-read-only')
      expect(field).toHaveClass(...readOnlyFieldClassName.split(' '))
    }
    expect(screen.getByRole('textbox', { name: 'Editable' })).not.toHaveAttribute('data-read-only')
  })
})
