import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { ListEditor } from './list-editor'

function Harness({
  initial,
  maxItems,
  disabled,
}: {
  initial: string[]
  maxItems?: number
  disabled?: boolean
}) {
  const [values, setValues] = useState(initial)
  return (
    <>
      <ListEditor
        label="Competitors"
        itemLabel="competitor"
        values={values}
        onChange={setValues}
        maxItems={maxItems}
        disabled={disabled}
      />
      <output data-testid="values">{JSON.stringify(values)}</output>
    </>
  )
}

const values = () => JSON.parse(screen.getByTestId('values').textContent ?? '[]') as string[]

describe('ListEditor', () => {
  it('edits, adds (focusing the new entry) and removes entries', async () => {
    render(<Harness initial={['Acme']} />)
    expect(screen.getByRole('group', { name: 'Competitors' })).toBeInTheDocument()
    await userEvent.type(screen.getByRole('textbox', { name: 'competitor 1' }), ' Corp')
    await userEvent.click(screen.getByRole('button', { name: 'Add competitor' }))
    expect(screen.getByRole('textbox', { name: 'competitor 2' })).toHaveFocus()
    await userEvent.keyboard('Globex')
    expect(values()).toEqual(['Acme Corp', 'Globex'])

    await userEvent.click(screen.getByRole('button', { name: 'Remove competitor 1' }))
    expect(values()).toEqual(['Globex'])
  })

  it('says when the list is empty and stops adding at the maximum', async () => {
    render(<Harness initial={[]} maxItems={1} />)
    expect(screen.getByText('Nothing added yet.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Add competitor' }))
    expect(screen.getByRole('button', { name: 'Add competitor' })).toBeDisabled()
  })

  it('shows entries read-only, at full contrast, without edit buttons when disabled', () => {
    render(<Harness initial={['Acme']} disabled />)
    const entry = screen.getByRole('textbox', { name: 'competitor 1' })
    expect(entry).toHaveAttribute('readonly')
    expect(entry).toBeEnabled()
    expect(entry).toHaveValue('Acme')
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })
})
