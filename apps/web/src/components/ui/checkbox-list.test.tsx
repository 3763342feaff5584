import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { CheckboxList, filterOptions, type CheckboxListOption } from './checkbox-list'

const stages: CheckboxListOption[] = [
  { value: 'discovery', label: 'Discovery' },
  { value: 'demo', label: 'Demo' },
  { value: 'proposal', label: 'Proposal' },
  { value: 'closed', label: 'Closed won', disabled: true },
]

function Controlled({ onValueChange }: { onValueChange: (value: string[]) => void }) {
  const [value, setValue] = useState<string[]>(['demo'])
  return (
    <CheckboxList
      label="Stages"
      options={stages}
      value={value}
      onValueChange={(next) => {
        setValue(next)
        onValueChange(next)
      }}
    />
  )
}

describe('CheckboxList', () => {
  it('lists every option as a labelled checkbox inside a named group', () => {
    render(<CheckboxList label="Stages" options={stages} />)
    const group = screen.getByRole('group', { name: 'Stages' })
    expect(within(group).getAllByRole('checkbox')).toHaveLength(4)
    expect(screen.getByRole('checkbox', { name: 'Discovery' })).not.toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Closed won' })).toBeDisabled()
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute(
      'placeholder',
      'Search…',
    )
    expect(screen.queryByText('No matches')).not.toBeInTheDocument()
  })

  it('filters options by label, ignoring case', async () => {
    const user = userEvent.setup()
    render(<CheckboxList label="Stages" options={stages} />)
    const search = screen.getByRole('searchbox', { name: 'Search' })

    await user.type(search, 'PRO')
    expect(
      screen.getAllByRole('checkbox').map((box) => box.getAttribute('id') && box),
    ).toHaveLength(1)
    expect(screen.getByRole('checkbox', { name: 'Proposal' })).toBeInTheDocument()

    await user.clear(search)
    await user.type(search, 'd')
    expect(screen.getAllByRole('checkbox')).toHaveLength(3)
  })

  it('says there are no matches when the search finds nothing', async () => {
    const user = userEvent.setup()
    render(<CheckboxList label="Stages" options={stages} />)
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz')
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0)
    expect(screen.getByRole('status')).toHaveTextContent('No matches')

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }))
    expect(screen.getAllByRole('checkbox')).toHaveLength(4)
    expect(screen.queryByText('No matches')).not.toBeInTheDocument()
  })

  it('shows a custom empty text', async () => {
    const user = userEvent.setup()
    render(<CheckboxList label="Stages" options={stages} emptyText="No stage found" />)
    await user.type(screen.getByRole('searchbox'), 'zzz')
    expect(screen.getByText('No stage found')).toBeInTheDocument()
  })

  it('selects and deselects options by click and by keyboard (controlled)', async () => {
    const user = userEvent.setup()
    const onValueChange = vi.fn()
    render(<Controlled onValueChange={onValueChange} />)
    expect(screen.getByRole('checkbox', { name: 'Demo' })).toBeChecked()

    await user.click(screen.getByRole('checkbox', { name: 'Discovery' }))
    expect(onValueChange).toHaveBeenLastCalledWith(['demo', 'discovery'])
    expect(screen.getByRole('checkbox', { name: 'Discovery' })).toBeChecked()

    // Clicking the label toggles too.
    await user.click(screen.getByText('Demo'))
    expect(onValueChange).toHaveBeenLastCalledWith(['discovery'])
    expect(screen.getByRole('checkbox', { name: 'Demo' })).not.toBeChecked()

    screen.getByRole('checkbox', { name: 'Proposal' }).focus()
    await user.keyboard(' ')
    expect(onValueChange).toHaveBeenLastCalledWith(['discovery', 'proposal'])
    expect(screen.getByRole('checkbox', { name: 'Proposal' })).toBeChecked()
  })

  it('keeps selections made before filtering (uncontrolled)', async () => {
    const user = userEvent.setup()
    render(<CheckboxList label="Stages" options={stages} defaultValue={['proposal']} />)
    await user.type(screen.getByRole('searchbox'), 'dis')
    await user.click(screen.getByRole('checkbox', { name: 'Discovery' }))
    await user.clear(screen.getByRole('searchbox'))
    expect(screen.getByRole('checkbox', { name: 'Discovery' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Proposal' })).toBeChecked()
  })

  it('can leave out the search box', () => {
    render(<CheckboxList label="Stages" options={stages} searchable={false} />)
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument()
  })

  it('filters with trimmed, case-insensitive matching', () => {
    expect(filterOptions(stages, '  DEMO ').map((option) => option.value)).toEqual(['demo'])
    expect(filterOptions(stages, '')).toHaveLength(4)
  })
})
