import '@/test-support/dom-polyfills'
import { createRoute, useParams } from '@tanstack/react-router'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { pipelineFixture } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { renderWithRouter } from '@/test-support/render-with-router'
import { ImportDetails } from './import-details'
import { NewImport } from './new-import'

// A HubSpot deals export: every column it has is recognised without a mapping.
const HUBSPOT = [
  '\uFEFF"Record ID","Deal Name","Deal Stage","Amount","Close Date","Deal Owner"',
  '101,Acme renewal,Discovery,12000,2026-12-01,ada@example.com',
  '102,Globex pilot,Demo,8000,2026-12-15,ada@example.com',
  '103,Initech,Negotiation,5000,2026-12-20,',
].join('\n')

// A spreadsheet of its own making: "Phase" is no stage header anyone exports.
const OWN = ['Deal Name;Phase;Amount', 'Acme renewal;Discovery;12000', 'Globex pilot;Demo;x'].join(
  '\n',
)

function DetailsPage() {
  const { importId = '' } = useParams({ strict: false })
  return <ImportDetails importId={importId} canEdit />
}

function renderFlow() {
  return renderWithRouter(<NewImport canEdit />, {
    path: '/imports/new/',
    routes: (root) => [
      createRoute({
        getParentRoute: () => root,
        path: '/imports/new',
        component: () => <NewImport canEdit />,
      }),
      createRoute({
        getParentRoute: () => root,
        path: '/imports/$importId',
        component: DetailsPage,
      }),
    ],
  })
}

async function chooseFile(content: string, name: string, kind?: RegExp) {
  const user = userEvent.setup()
  if (kind) await user.click(screen.getByRole('radio', { name: kind }))
  await user.upload(
    await screen.findByLabelText('CSV file'),
    new File([content], name, { type: 'text/csv' }),
  )
  await user.click(screen.getByRole('button', { name: 'Next: map the columns' }))
  return user
}

describe('New import', () => {
  it('pre-fills the columns of a HubSpot export, uploads them and shows the dry run', async () => {
    fakeApi.seed({ pipelines: [pipelineFixture()] })
    const router = renderFlow()
    await chooseFile(HUBSPOT, 'hubspot-deals.csv')

    expect(await screen.findByRole('combobox', { name: 'Name' })).toHaveTextContent('Deal Name')
    expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveTextContent('Deal Stage')
    expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveAttribute('aria-required', 'true')
    expect(screen.getByRole('combobox', { name: 'ID in your CRM' })).toHaveTextContent('Record ID')
    expect(screen.getByRole('combobox', { name: 'Owner (e-mail)' })).toHaveTextContent('Deal Owner')
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveTextContent('Not imported')

    await userEvent.click(screen.getByRole('button', { name: 'Upload and check' }))
    const summary = await screen.findByRole('region', { name: 'What the import would do' })
    const [created] = fakeApi.state.importsArea.imports
    expect(router.state.location.pathname).toMatch(new RegExp(`^/imports/${created?.body.id}/?$`))
    expect(within(summary).getByText('Would create').nextSibling).toHaveTextContent('2')
    expect(within(summary).getByText('Rows with errors').nextSibling).toHaveTextContent('1')
    const [upload] = fakeApi.writes()
    expect(upload?.body).toMatchObject({
      kind: 'deals',
      mapping: JSON.stringify({
        external_id: 'Record ID',
        name: 'Deal Name',
        stage: 'Deal Stage',
        amount: 'Amount',
        close_date: 'Close Date',
        owner: 'Deal Owner',
      }),
    })
    const report = screen.getByRole('table', { name: 'Row report' })
    expect(within(report).getByRole('row', { name: /^3 Deal Stage Error/ })).toHaveTextContent(
      '“Negotiation” is not a stage of your pipelines. Match it to a stage above, or correct the file.',
    )
  })

  it('flags a required field no column was found for, and uploads once it is chosen', async () => {
    fakeApi.seed({ pipelines: [pipelineFixture()] })
    renderFlow()
    const user = await chooseFile(OWN, 'own.csv')

    const stage = await screen.findByRole('combobox', { name: 'Stage' })
    expect(stage).toHaveTextContent('Not imported')
    await user.click(screen.getByRole('button', { name: 'Upload and check' }))
    expect(
      screen.getByText('These fields need a column before the upload: Stage.'),
    ).toBeInTheDocument()
    expect(stage).toHaveAccessibleDescription('Choose the column for this field.')
    expect(fakeApi.writes()).toEqual([])

    await user.click(stage)
    await user.click(await screen.findByRole('option', { name: 'Phase' }))
    expect(stage).toHaveTextContent('Phase')
    await user.click(screen.getByRole('button', { name: 'Upload and check' }))
    expect(
      await screen.findByRole('region', { name: 'What the import would do' }),
    ).toBeInTheDocument()
    expect(fakeApi.writes()[0]?.body).toMatchObject({
      mapping: JSON.stringify({ name: 'Deal Name', amount: 'Amount', stage: 'Phase' }),
    })
    expect(await screen.findByText('“x” is not an amount.')).toBeInTheDocument()
  })

  it('sends a recognised column set to "Not imported" as a field from no column', async () => {
    fakeApi.seed({ pipelines: [pipelineFixture()] })
    renderFlow()
    const user = await chooseFile(OWN, 'own.csv')
    await user.click(await screen.findByRole('combobox', { name: 'Stage' }))
    await user.click(await screen.findByRole('option', { name: 'Phase' }))
    const amount = screen.getByRole('combobox', { name: 'Amount' })
    expect(amount).toHaveTextContent('Amount')
    await user.click(amount)
    await user.click(await screen.findByRole('option', { name: 'Not imported' }))
    await user.click(screen.getByRole('button', { name: 'Upload and check' }))
    await screen.findByRole('region', { name: 'What the import would do' })
    expect(fakeApi.writes()[0]?.body).toMatchObject({
      mapping: JSON.stringify({ name: 'Deal Name', amount: null, stage: 'Phase' }),
    })
    // Without the amount column, the row's bad amount is no longer a problem.
    expect(screen.queryByText('“x” is not an amount.')).toBeNull()
  })

  it('shows a refused mapping under its field in the client’s words', async () => {
    const router = renderFlow()
    const user = await chooseFile(HUBSPOT, 'hubspot-deals.csv')
    fakeApi.failNext('POST /v1/imports', {
      status: 400,
      code: 'invalid_mapping',
      message: 'mapping.stage: the file has no column "Deal Stage"',
      details: [
        { path: 'body.mapping.stage', message: 'no column "Deal Stage"', code: 'unknown_column' },
      ],
    })
    await user.click(await screen.findByRole('button', { name: 'Upload and check' }))
    const stage = screen.getByRole('combobox', { name: 'Stage' })
    expect(await screen.findByText('Your file has no column with this name.')).toBeInTheDocument()
    expect(stage).toHaveAccessibleDescription('Your file has no column with this name.')
    expect(screen.queryByText(/no column "Deal Stage"/)).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/imports/new/')
  })

  it('refuses a file that is no CSV before anything is sent', async () => {
    renderFlow()
    await chooseFile('only one column\nvalue\n', 'notes.csv')
    expect(
      await screen.findByText('The file has no header row naming at least two columns.'),
    ).toBeInTheDocument()
    expect(fakeApi.requests()).toEqual([])
  })

  it('asks before leaving the mapping step', async () => {
    const router = renderFlow()
    await chooseFile(HUBSPOT, 'hubspot-deals.csv')
    await screen.findByRole('combobox', { name: 'Stage' })
    await userEvent.click(screen.getAllByRole('link', { name: 'All imports' })[0]!)
    const prompt = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    await userEvent.click(within(prompt).getByRole('button', { name: 'Stay on this page' }))
    expect(router.state.location.pathname).toBe('/imports/new/')
    expect(screen.getByRole('combobox', { name: 'Stage' })).toBeInTheDocument()
  })

  it('tells a member that only admins import', async () => {
    renderWithRouter(<NewImport canEdit={false} />)
    expect(
      await screen.findByText('Only admins of your organisation can import data.'),
    ).toBeInTheDocument()
    expect(screen.queryByLabelText('CSV file')).not.toBeInTheDocument()
  })
})
