import '@/test-support/dom-polyfills'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { importFixture } from '@/test-support/fake-api/routes/imports-routes'
import { renderWithRouter } from '@/test-support/render-with-router'
import { ImportsOverview } from './imports-overview'

function seedList() {
  fakeApi.seed({
    importsArea: {
      ...fakeApi.state.importsArea,
      imports: [
        importFixture({
          file_name: 'salesforce-opportunities.csv',
          status: 'validated',
          outcomes: ['create', 'create', 'update', 'error'],
          created_at: '2026-11-21T10:00:00.000Z',
        }),
        importFixture({
          file_name: 'contacts.csv',
          kind: 'contacts',
          status: 'done',
          outcomes: ['create', 'update'],
          created_at: '2026-11-20T10:00:00.000Z',
        }),
      ],
    },
  })
}

describe('Imports overview', () => {
  it('says what to do when nothing was imported yet', async () => {
    renderWithRouter(<ImportsOverview page={1} canEdit />)
    expect(await screen.findByRole('heading', { name: 'No imports yet' })).toBeInTheDocument()
    expect(screen.getByText(/Export your deals, contacts or activities/)).toBeInTheDocument()
    const links = screen.getAllByRole('link', { name: 'New import' })
    expect(links).toHaveLength(2)
    for (const link of links)
      expect(link).toHaveAttribute('href', expect.stringMatching(/^\/imports\/new\/?$/))
  })

  it('lists the imports with their kind, status and counts', async () => {
    seedList()
    renderWithRouter(<ImportsOverview page={1} canEdit />)
    const table = await screen.findByRole('table', { name: 'Imports' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual([
      'salesforce-opportunities.csvDealsReady to import2 new · 1 updated · 1 with errors21 Nov 26',
      'contacts.csvContactsImported1 created · 1 updated · 0 skipped20 Nov 26',
    ])
    expect(within(table).getByRole('link', { name: 'contacts.csv' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/imports\/[0-9a-f-]+\/?$/),
    )
  })

  it('shows members the list without a way to start an import', async () => {
    seedList()
    renderWithRouter(<ImportsOverview page={1} canEdit={false} />)
    expect(await screen.findByRole('table', { name: 'Imports' })).toBeInTheDocument()
    expect(
      screen.getByText('Only admins can import data. You can follow the imports here.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'New import' })).not.toBeInTheDocument()
  })

  it('tells members who to ask when there is nothing yet', async () => {
    renderWithRouter(<ImportsOverview page={1} canEdit={false} />)
    expect(await screen.findByRole('heading', { name: 'No imports yet' })).toBeInTheDocument()
    expect(screen.getByText(/An admin of your organisation can upload/)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'New import' })).not.toBeInTheDocument()
  })
})
