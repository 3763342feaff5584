import '@/test-support/dom-polyfills'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { useOnboardingChecklist } from '@/entities/onboarding/api/get-onboarding-checklist'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import {
  PIPELINE_ID,
  pipelineFixture,
  STAGE,
} from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { meFixture } from '@/test-support/fake-api/fixtures/user-fixtures'
import { importFixture } from '@/test-support/fake-api/routes/imports-routes'
import { renderWithRouter } from '@/test-support/render-with-router'
import { ImportDetails } from './import-details'

const EXPANSION_ID = '00000000-0000-4000-8000-0000000000f2'

const problems = [
  {
    row: 2,
    column: 'Deal Stage',
    severity: 'error' as const,
    code: 'unknown_stage',
    message: 'No stage "Negotiation" in the pipeline.',
    params: { value: 'Negotiation' },
  },
  {
    row: 4,
    column: 'Deal Owner',
    severity: 'warning' as const,
    code: 'unknown_owner',
    message: 'No user with the e-mail "bob@example.com".',
    params: { value: 'bob@example.com' },
  },
]

function seedImport(overrides: Parameters<typeof importFixture>[0] = {}) {
  const seeded = importFixture({
    outcomes: ['create', 'error', 'update', 'create', 'unchanged'],
    problems,
    ...overrides,
  })
  fakeApi.seed({ importsArea: { ...fakeApi.state.importsArea, imports: [seeded] } })
  return seeded.body.id
}

/** Another screen's query (the onboarding checklist, which a finished import ticks). */
function ChecklistReader() {
  useOnboardingChecklist()
  return null
}

const checklistReads = () =>
  fakeApi.requests().filter((request) => request.path === '/v1/app-setting/onboarding_checklist')

const counts = (region: HTMLElement) =>
  within(region)
    .getAllByRole('definition')
    .map((value) => value.textContent)

describe('Import details', () => {
  it('names the pipeline a row’s stage is missing from, and points to the matching panel only while it is shown', async () => {
    fakeApi.seed({ pipelines: [pipelineFixture()] })
    const id = seedImport({
      problems: [
        {
          row: 9,
          column: 'Deal Stage',
          severity: 'error',
          code: 'unknown_stage',
          message: 'The server’s English sentence',
          params: { value: 'Qualification', pipeline: 'New Business' },
        },
      ],
      unmatched_values: { stage: [{ value: 'Qualification', rows: 1 }], owner: [] },
    })
    renderWithRouter(<ImportDetails importId={id} canEdit />)
    await screen.findByRole('form', { name: 'Match the values of your file' })
    const report = screen.getByRole('table', { name: 'Row report' })
    expect(
      within(report).getByText(
        '“Qualification” is not a stage of the pipeline “New Business”. Match it to a stage above, or correct the file.',
      ),
    ).toBeInTheDocument()
    cleanup()

    // A member has no panel to match with.
    renderWithRouter(<ImportDetails importId={id} canEdit={false} />)
    const readOnly = await screen.findByRole('table', { name: 'Row report' })
    expect(
      within(readOnly).getByText(
        '“Qualification” is not a stage of the pipeline “New Business”: correct the file, or add the stage to the pipeline.',
      ),
    ).toBeInTheDocument()
  })

  it('shows the dry run and its row report, and imports the rows for an admin', async () => {
    const id = seedImport()
    renderWithRouter(<ImportDetails importId={id} canEdit />)

    const dryRun = await screen.findByRole('region', { name: 'What the import would do' })
    expect(counts(dryRun)).toEqual(['2', '1', '1', '1'])
    const report = screen.getByRole('table', { name: 'Row report' })
    // Row numbers count data rows; the caption says where a spreadsheet shows them.
    expect(within(report).getByText(/row 1 is row 2 in a spreadsheet/)).toBeInTheDocument()
    const rows = within(report).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual([
      // Said from each problem's code and values, not the server's sentence.
      // No stage name to match is listed above (no panel): the report does not point there.
      '2Deal StageError“Negotiation” is not a stage of your pipelines: correct the file, or add the stage to its pipeline.',
      '4Deal OwnerWarning“bob@example.com” is not a user of your workspace. The deal is imported without an owner.',
    ])
    expect(screen.getByRole('button', { name: 'Download report (CSV)' })).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Import 3 rows' }))
    expect(fakeApi.writes()).toEqual([
      { method: 'POST', url: `/v1/imports/${id}/commit`, body: undefined },
    ])
    const result = await screen.findByRole('region', { name: 'What the import did' })
    expect(await screen.findByText('The import is complete.')).toBeInTheDocument()
    expect(counts(result)).toEqual(['2', '1', '1', '1'])
    // The seeded import knows no pipeline of its rows: the link opens the current one.
    expect(screen.getByRole('link', { name: 'See the deals' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/pipeline-overview\/?$/),
    )
    expect(screen.queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument()
  })

  it('opens the pipeline the imported deals went into, the first row’s when they span several', async () => {
    const expansion = { ...pipelineFixture(), id: EXPANSION_ID, name: 'Expansion' }
    fakeApi.seed({ pipelines: [pipelineFixture(), expansion] })
    const id = seedImport({
      problems: [],
      outcomes: ['error', 'create', 'create', 'update'],
      // The first row is refused: the first deal written is the second row's, in Expansion.
      pipelines: [PIPELINE_ID, EXPANSION_ID, PIPELINE_ID, null],
    })
    renderWithRouter(<ImportDetails importId={id} canEdit />)
    await userEvent.click(await screen.findByRole('button', { name: 'Import 3 rows' }))
    expect(await screen.findByText('The import is complete.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See the deals' })).toHaveAttribute(
      'href',
      // As a table of its newest deals: the imported ones, though they have no calls yet.
      expect.stringMatching(
        new RegExp(`^/pipeline-overview/?\\?pipeline=${EXPANSION_ID}&view=table&sort=-created_at$`),
      ),
    )
  })

  it('says how the file’s slash dates were read, and which one goes against their order', async () => {
    const id = seedImport({
      problems: [
        {
          row: 1,
          column: 'Close Date',
          severity: 'warning' as const,
          code: 'date_read_day_first',
          message: 'The server’s English sentence',
          params: { value: '03/04/2027', date: '2027-04-03', other: '2027-03-04' },
        },
        {
          row: 2,
          column: 'Close Date',
          severity: 'error' as const,
          code: 'date_not_day_first',
          message: 'The server’s English sentence',
          params: { value: '3/31/2026', example: '15/03/2027', date: '2026-03-31' },
        },
      ],
    })
    renderWithRouter(<ImportDetails importId={id} canEdit />)
    const report = await screen.findByRole('table', { name: 'Row report' })
    const rows = within(report).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual([
      '1Close DateWarning“03/04/2027” was read as 2027-04-03, day first as European files write dates: no date in the file shows its order. If it means 2027-03-04, write the file’s dates as YYYY-MM-DD and import it again.',
      '2Close DateError“3/31/2026” puts the month first, but the file’s other dates put the day first (as “15/03/2027”). Write it with the day first, or as 2026-03-31.',
    ])
  })

  it('follows the rows done of a running import until it is done', async () => {
    const id = seedImport({
      status: 'importing',
      outcomes: ['create', 'create', 'update', 'error'],
      progress: { rows_done: 1, rows_total: 4 },
      problems: problems.filter((problem) => problem.row === 4),
    })
    fakeApi.seed({ importsArea: { ...fakeApi.state.importsArea, rowsPerRead: 1 } })
    renderWithRouter(
      <>
        <ImportDetails importId={id} canEdit />
        <ChecklistReader />
      </>,
    )

    const bar = await screen.findByRole('progressbar', { name: 'Importing the rows' })
    expect(bar).toHaveAttribute('aria-valuenow', '2')
    expect(bar).toHaveAttribute('aria-valuemax', '4')
    expect(bar).toHaveAttribute('aria-valuetext', '2 of 4 rows')
    // The commit's report grows as it writes: before the row at fault it is not "no problems".
    expect(screen.queryByText('No problems found in any row.')).not.toBeInTheDocument()
    expect(await screen.findByText('3 of 4 rows')).toBeInTheDocument()
    expect(await screen.findByText('The import is complete.')).toBeInTheDocument()
    expect(screen.getByRole('table', { name: 'Row report' })).toHaveTextContent('Deal Owner')
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    const result = screen.getByRole('region', { name: 'What the import did' })
    expect(counts(result)).toEqual(['2', '1', '0', '1'])
    // Polling stops once the import is done.
    const gets = () => fakeApi.requests().filter((request) => request.path === `/v1/imports/${id}`)
    expect(gets()).toHaveLength(3)
    // The finished import changed the organisation's data: what other screens show is read again.
    await waitFor(() => expect(checklistReads()).toHaveLength(2))
  })

  it('shows the rows checked while the dry run reads the file', async () => {
    const id = seedImport({ status: 'validating', progress: { rows_done: 0, rows_total: null } })
    fakeApi.seed({ importsArea: { ...fakeApi.state.importsArea, rowsPerRead: 2 } })
    renderWithRouter(<ImportDetails importId={id} canEdit />)
    const bar = await screen.findByRole('progressbar', { name: 'Checking the rows' })
    expect(bar).toHaveAttribute('aria-valuetext', '2 of 5 rows')
    expect(
      await screen.findByRole('button', { name: 'Import 3 rows' }, { timeout: 5000 }),
    ).toBeInTheDocument()
  })

  it('downloads the whole row report as CSV', async () => {
    const id = seedImport()
    const saved: Blob[] = []
    // The test DOM has no object URLs; these stay for the file (the revoke runs a second later).
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob)
      return 'blob:report'
    }
    URL.revokeObjectURL = () => undefined
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    renderWithRouter(<ImportDetails importId={id} canEdit />)
    await userEvent.click(await screen.findByRole('button', { name: 'Download report (CSV)' }))
    await waitFor(() => expect(click).toHaveBeenCalledOnce())
    expect(await saved[0]?.text()).toBe(
      [
        'row,column,severity,code,message',
        '2,Deal Stage,error,unknown_stage,"No stage ""Negotiation"" in the pipeline."',
        '4,Deal Owner,warning,unknown_owner,"No user with the e-mail ""bob@example.com""."',
        '',
      ].join('\n'),
    )
    click.mockRestore()
  })

  it('says why a failed import failed', async () => {
    const id = seedImport({
      status: 'failed',
      error: {
        code: 'too_many_rows',
        message: 'The file has more than 100,000 rows; split it into several imports.',
        params: { max: 100_000 },
      },
      outcomes: [],
      problems: [],
    })
    renderWithRouter(<ImportDetails importId={id} canEdit />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The import failed')
    expect(alert).toHaveTextContent(
      'The file has more than 100,000 rows. Split it into several imports.',
    )
    expect(alert).toHaveTextContent('Nothing was written.')
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument()
    // The rows were never checked: no row report claims they were all fine.
    expect(screen.queryByRole('heading', { name: 'Row report' })).not.toBeInTheDocument()
  })

  it('says how many rows a commit wrote before it failed, and that importing again is safe', async () => {
    const id = seedImport({
      status: 'failed',
      error: { code: 'unexpected_error', message: 'x', params: {} },
      result: { create: 3, update: 1, unchanged: 0, error: 0 },
      outcomes: [],
      problems: [],
    })
    renderWithRouter(<ImportDetails importId={id} canEdit />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The import stopped on an unexpected error.')
    expect(alert).toHaveTextContent('Rows imported before it stopped: 4.')
    expect(alert).not.toHaveTextContent('Nothing was written.')
  })

  it('translates a refused commit', async () => {
    const id = seedImport()
    renderWithRouter(<ImportDetails importId={id} canEdit />)
    fakeApi.failNext('POST /v1/imports/:id/commit', {
      status: 409,
      code: 'import_not_validated',
      message: 'The import is importing, not validated.',
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Import 3 rows' }))
    expect(
      await screen.findByText(
        'This import cannot be started: it is still being checked or has already run.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText(/importing, not validated/)).not.toBeInTheDocument()
  })

  describe('values matched by hand', () => {
    const source = {
      headers: ['Deal Name', 'Deal Stage', 'Deal Owner'],
      rows: [
        ['Initech', 'On hold', 'ada@old-domain.test'],
        ['Hooli', 'On hold', ''],
        ['Umbrella', 'Discovery', ''],
      ],
    }
    const seedUnmatched = () => {
      fakeApi.seed({ pipelines: [pipelineFixture()] })
      return seedImport({
        source,
        mapping: { name: 'Deal Name', stage: 'Deal Stage', owner: 'Deal Owner' },
        outcomes: ['error', 'error', 'create'],
        problems: [],
        unmatched_values: {
          stage: [{ value: 'On hold', rows: 2 }],
          owner: [{ value: 'ada@old-domain.test', rows: 1 }],
        },
      })
    }

    it('maps a stage name of the file to a stage, holds the import until the file is checked again, then imports every row', async () => {
      const id = seedUnmatched()
      renderWithRouter(<ImportDetails importId={id} canEdit />)
      const user = userEvent.setup()

      const panel = await screen.findByRole('form', { name: 'Match the values of your file' })
      const stage = await within(panel).findByRole('combobox', { name: '“On hold” (2 rows)' })
      expect(stage).toHaveTextContent('No stage: skip these rows')
      expect(
        within(panel).getByRole('combobox', { name: '“ada@old-domain.test” (1 row)' }),
      ).toHaveTextContent('No owner: import without one')
      const check = within(panel).getByRole('button', { name: 'Check the file again' })
      expect(check).toBeDisabled()
      expect(screen.getByRole('button', { name: 'Import 1 row' })).toBeEnabled()

      await user.click(stage)
      await user.click(await screen.findByRole('option', { name: 'New Business › Proposal' }))
      expect(screen.getByRole('button', { name: 'Import 1 row' })).toBeDisabled()
      expect(
        screen.getByText('Check the file again with the values you matched before importing it.'),
      ).toBeInTheDocument()

      await user.click(check)
      expect(fakeApi.writes()).toEqual([
        {
          method: 'PUT',
          url: `/v1/imports/${id}/value-mapping`,
          body: { stage: { 'On hold': STAGE.proposal } },
        },
      ])
      const dryRun = await screen.findByRole('region', { name: 'What the import would do' })
      await waitFor(() => expect(counts(dryRun)).toEqual(['3', '0', '0', '0']))
      expect(await screen.findByRole('button', { name: 'Import 3 rows' })).toBeEnabled()
      // The mapped stage stays on show, to be changed; the owner is still to be matched.
      const again = screen.getByRole('form', { name: 'Match the values of your file' })
      expect(
        within(again).getByRole('combobox', { name: '“On hold” (matched)' }),
      ).toHaveTextContent('New Business › Proposal')
      expect(within(again).getByRole('button', { name: 'Check the file again' })).toBeDisabled()
    })

    it('says under its value that a chosen stage is gone, in the client’s words', async () => {
      const id = seedUnmatched()
      renderWithRouter(<ImportDetails importId={id} canEdit />)
      const user = userEvent.setup()
      const stage = await screen.findByRole('combobox', { name: '“On hold” (2 rows)' })
      await user.click(stage)
      await user.click(await screen.findByRole('option', { name: 'New Business › Demo' }))
      fakeApi.failNext('PUT /v1/imports/:id/value-mapping', {
        status: 400,
        code: 'validation_failed',
        message: 'body.stage.On hold is no stage of your pipelines',
        details: [
          {
            path: 'body.stage.On hold',
            message: 'is no stage of your pipelines',
            code: 'unknown_stage',
            params: { value: 'On hold' },
          },
        ],
      })
      await user.click(screen.getByRole('button', { name: 'Check the file again' }))
      await waitFor(() =>
        expect(stage).toHaveAccessibleDescription('This stage no longer exists. Choose another.'),
      )
      expect(screen.queryByText(/is no stage of your pipelines/)).not.toBeInTheDocument()
    })

    it('shows a member no choices to make', async () => {
      fakeApi.seed({ me: meFixture({ role: 'member' }) })
      const id = seedUnmatched()
      renderWithRouter(<ImportDetails importId={id} canEdit={false} />)
      await screen.findByRole('region', { name: 'What the import would do' })
      expect(screen.queryByRole('form', { name: 'Match the values of your file' })).toBeNull()
    })
  })

  it('shows a member the dry run without the import button', async () => {
    fakeApi.seed({ me: meFixture({ role: 'member' }) })
    const id = seedImport()
    renderWithRouter(<ImportDetails importId={id} canEdit={false} />)
    expect(
      await screen.findByRole('region', { name: 'What the import would do' }),
    ).toBeInTheDocument()
    expect(screen.getByText('An admin can start this import.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download report (CSV)' })).toBeInTheDocument()
  })
})
