import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { FormField } from './form-field'
import { Input } from './input'
import { Textarea } from './textarea'

function marker(container: HTMLElement) {
  return container.querySelector('[data-slot="required-marker"]')
}

function counter(container: HTMLElement) {
  return container.querySelector('[data-slot="form-field-counter"]')
}

describe('FormField', () => {
  it('labels the control and shows no asterisk, error or red border without an error', () => {
    const { container } = render(
      <FormField label="Name">
        <Input />
      </FormField>,
    )
    const input = screen.getByRole('textbox', { name: 'Name' })
    expect(marker(container)).toBeNull()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(input).not.toHaveAttribute('aria-describedby')
    expect(input).not.toHaveClass('border-red-600')
    expect(input).toHaveClass('border-gray-300')
  })

  it('shows a red asterisk and the error text linked to the input when there is an error', () => {
    const { container } = render(
      <FormField label="Name" error="Name is required">
        <Input />
      </FormField>,
    )
    const input = screen.getByRole('textbox', { name: 'Name' })
    const asterisk = marker(container)
    expect(asterisk).toHaveTextContent('*')
    expect(asterisk).toHaveClass('text-red-600')
    expect(asterisk?.closest('label')).toHaveAttribute('for', input.id)

    expect(screen.getByRole('alert')).toHaveTextContent('Name is required')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('Name is required')
    expect(input).toHaveClass('border-red-600')
    expect(container.firstChild).toHaveAttribute('data-invalid', 'true')
  })

  it('moves focus lost to the page to the first field with an error, and leaves it elsewhere', () => {
    const fields = (errors: { name?: string; email?: string }) => (
      <form>
        <FormField label="Name" error={errors.name}>
          <Input />
        </FormField>
        <FormField label="E-mail" error={errors.email}>
          <Input />
        </FormField>
      </form>
    )
    const { rerender } = render(fields({}))
    expect(document.activeElement).toBe(document.body)
    rerender(fields({ email: 'Enter a valid e-mail address.' }))
    expect(screen.getByLabelText(/E-mail/)).toHaveFocus()
    rerender(fields({}))
    screen.getByLabelText(/E-mail/).focus()
    rerender(fields({ name: 'This field is required.' }))
    expect(screen.getByLabelText(/E-mail/)).toHaveFocus()
  })

  it('gives a textarea with an error a red border', () => {
    render(
      <FormField label="Notes" error="Too long">
        <Textarea />
      </FormField>,
    )
    const textarea = screen.getByRole('textbox', { name: 'Notes' })
    expect(textarea.tagName).toBe('TEXTAREA')
    expect(textarea).toHaveAttribute('aria-invalid', 'true')
    expect(textarea).toHaveClass('border-red-600')
  })

  it('treats an empty error as no error', () => {
    const { container } = render(
      <FormField label="Name" error="">
        <Input />
      </FormField>,
    )
    expect(marker(container)).toBeNull()
    expect(screen.getByRole('textbox')).not.toHaveAttribute('aria-invalid')
  })

  it('shows the current/max counter when both counts are numbers', () => {
    const { container } = render(
      <FormField label="Summary" currentLength={12} maxLength={100}>
        <Textarea />
      </FormField>,
    )
    expect(counter(container)).toHaveTextContent('12/100')
    expect(screen.getByRole('textbox', { name: 'Summary' })).toHaveAccessibleDescription(
      '12 of 100 characters',
    )
  })

  it('shows the counter for zero counts', () => {
    const { container } = render(
      <FormField label="Summary" currentLength={0} maxLength={0}>
        <Input />
      </FormField>,
    )
    expect(counter(container)).toHaveTextContent('0/0')
  })

  it.each([
    ['only the current count', 12, undefined],
    ['only the maximum', undefined, 100],
    ['a null current count', null, 100],
    ['a null maximum', 5, null],
    ['a NaN count', Number.NaN, 100],
  ])('hides the counter with %s', (_case, current, max) => {
    const { container } = render(
      <FormField label="Summary" currentLength={current} maxLength={max}>
        <Input />
      </FormField>,
    )
    expect(counter(container)).toBeNull()
  })

  it('marks the counter red past the limit and shows it beside the error', () => {
    const { container } = render(
      <FormField label="Title" currentLength={120} maxLength={100} error="Too long">
        <Input />
      </FormField>,
    )
    expect(counter(container)).toHaveTextContent('120/100')
    expect(counter(container)).toHaveClass('text-red-700')
    const input = screen.getByRole('textbox', { name: 'Title' })
    expect(input.getAttribute('aria-describedby')?.split(' ')).toHaveLength(2)
  })

  it('keeps the counter on one line beside a long error, which takes the rest of the row', () => {
    const { container } = render(
      <FormField
        label="Work e-mail"
        currentLength={9}
        maxLength={254}
        error="Enter a valid e-mail address, like name@company.com."
      >
        <Input />
      </FormField>,
    )
    expect(counter(container)).toHaveClass('shrink-0', 'whitespace-nowrap')
    expect(screen.getByRole('alert')).toHaveClass('min-w-0', 'flex-1')
    expect(counter(container)?.parentElement).toBe(screen.getByRole('alert').parentElement)
  })

  it.each([
    ['a read-only input', <Input key="input" readOnly value="Acme" />],
    ['a read-only textarea', <Textarea key="textarea" readOnly value="" />],
    ['a disabled input', <Input key="disabled" disabled value="Acme" />],
  ])('shows no counter for %s, which nobody types in', (_case, control) => {
    const { container } = render(
      <FormField label="Name" currentLength={0} maxLength={200}>
        {control}
      </FormField>,
    )
    expect(counter(container)).toBeNull()
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-describedby')
  })

  it('updates the counter as the user types', async () => {
    const user = userEvent.setup()
    function Live() {
      const [value, setValue] = useState('')
      return (
        <FormField label="Title" currentLength={value.length} maxLength={10}>
          <Input value={value} onChange={(event) => setValue(event.target.value)} />
        </FormField>
      )
    }
    const { container } = render(<Live />)
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Deal')
    expect(counter(container)).toHaveTextContent('4/10')
  })

  it('links a description and keeps an id the control already has', () => {
    render(
      <FormField label="Email" description="We never share it." error="Invalid email">
        <Input id="email" type="email" />
      </FormField>,
    )
    const input = screen.getByRole('textbox', { name: 'Email' })
    expect(input).toHaveAttribute('id', 'email')
    expect(input).toHaveAccessibleDescription('We never share it. Invalid email')
  })
})

describe('Input and Textarea', () => {
  it('style themselves red when aria-invalid', () => {
    render(
      <>
        <Input aria-label="One" aria-invalid />
        <Input aria-label="Two" aria-invalid="false" />
        <Textarea aria-label="Three" aria-invalid="true" />
      </>,
    )
    expect(screen.getByRole('textbox', { name: 'One' })).toHaveClass('border-red-600')
    expect(screen.getByRole('textbox', { name: 'Two' })).not.toHaveClass('border-red-600')
    expect(screen.getByRole('textbox', { name: 'Three' })).toHaveClass('border-red-600')
    expect(screen.getByRole('textbox', { name: 'One' })).toHaveAttribute('data-slot', 'input')
    expect(screen.getByRole('textbox', { name: 'Three' })).toHaveAttribute('data-slot', 'textarea')
  })
})
