import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from './table'

describe('Table', () => {
  it('renders an accessible table with caption, headers and cells', () => {
    render(
      <Table>
        <TableCaption>Open deals</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Deal</TableHead>
            <TableHead>Stage</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow data-state="selected">
            <TableCell>Acme renewal</TableCell>
            <TableCell>Proposal</TableCell>
          </TableRow>
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={2}>1 deal</TableCell>
          </TableRow>
        </TableFooter>
      </Table>,
    )
    const table = screen.getByRole('table', { name: 'Open deals' })
    expect(table).toHaveAttribute('data-slot', 'table')
    expect(table.parentElement).toHaveAttribute('data-slot', 'table-container')
    expect(table.parentElement).toHaveClass('overflow-x-auto')

    const headers = within(table).getAllByRole('columnheader')
    expect(headers.map((header) => header.textContent)).toEqual(['Deal', 'Stage'])
    expect(headers[0]).toHaveClass('text-start')
    expect(within(table).getByRole('cell', { name: 'Acme renewal' })).toHaveAttribute(
      'data-slot',
      'table-cell',
    )
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(screen.getByText('1 deal').closest('tfoot')).toHaveAttribute('data-slot', 'table-footer')
  })
})
