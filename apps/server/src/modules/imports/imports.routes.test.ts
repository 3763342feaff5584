import { setTimeout as sleep } from 'node:timers/promises'
import type { ImportBody, ImportList, ImportMapping } from '@dealcoach/contracts/imports'
import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { and, eq, like } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analysisRuns } from '../../db/schema/analysis.js'
import { contacts, dealStageHistory, deals } from '../../db/schema/deals.js'
import { engagements } from '../../db/schema/engagements.js'
import { imports } from '../../db/schema/imports.js'
import {
  bearer,
  callAs,
  inviteMember,
  type SignedIn,
  signUp,
  uniqueEmail,
} from '../../test-support/auth-helpers.js'
import { multipart } from '../../test-support/multipart.js'
import { createPipeline, type ErrorJson } from '../../test-support/pipeline-fixtures.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

// The import's fields come before its file: the file is stored while it streams in.
const form = (fields: Record<string, string>, file?: { name: string; content: string | Buffer }) =>
  multipart(file && { ...file, type: 'text/csv' }, fields)

describe('CSV imports API', () => {
  let test: TestApp
  let app: FastifyInstance
  let admin: SignedIn
  let member: SignedIn
  let outsider: SignedIn
  let pipeline: Pipeline
  const ownerEmail = uniqueEmail('owner', 'seller.test')

  beforeAll(async () => {
    // The jobs are run by hand below, so each step is awaited instead of polled.
    test = await createTestApp({ RUN_WORKERS: 'false' })
    app = test.app
    admin = await signUp(app, { email: ownerEmail, firstname: 'Ada', lastname: 'Lovelace' })
    member = await inviteMember(app, admin)
    outsider = await signUp(app, { firstname: 'Olga', lastname: 'Other' })
    pipeline = await createPipeline(app, admin, { name: 'Sales' })
    const staged = await app.inject({
      method: 'PUT',
      url: `/v1/pipelines/${pipeline.id}/stages`,
      headers: bearer(admin.accessToken),
      payload: ['Discovery', 'Proposal', 'Closed Won', 'Closed Lost'].map((name) => ({ name })),
    })
    expect(staged.statusCode, staged.body).toBe(200)
    pipeline = staged.json<Pipeline>()
  })

  afterAll(async () => {
    await test.close()
  })

  const upload = (
    session: SignedIn,
    kind: string,
    content: string | Buffer,
    extra: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/v1/imports',
      ...(() => {
        const body = form({ kind, ...extra }, { name: `${kind}.csv`, content })
        return {
          payload: body.payload,
          headers: { ...bearer(session.accessToken), ...body.headers },
        }
      })(),
    })

  const read = async (session: SignedIn, id: string) => {
    const response = await callAs(app, session, 'GET', `/v1/imports/${id}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<ImportBody>()
  }

  /** Uploads and runs the dry run as the worker would. */
  async function validated(session: SignedIn, kind: string, content: string | Buffer) {
    const response = await upload(session, kind, content)
    expect(response.statusCode, response.body).toBe(202)
    const { id, status } = response.json<ImportBody>()
    expect(status).toBe('validating')
    await app.services.imports.runValidation(
      { organisationId: session.organisationId, importId: id },
      { finalAttempt: false },
    )
    return read(session, id)
  }

  /** The row report without its English sentences. */
  const reported = (dry: ImportBody) =>
    dry.problems.map(({ row, column, code, params }) => ({ row, column, code, params }))

  async function committed(session: SignedIn, id: string) {
    const response = await callAs(app, session, 'POST', `/v1/imports/${id}/commit`)
    expect(response.statusCode, response.body).toBe(202)
    expect(response.json<ImportBody>().status).toBe('importing')
    await app.services.imports.runCommit(
      { organisationId: session.organisationId, importId: id },
      { finalAttempt: false },
    )
    return read(session, id)
  }

  const hubspotDeals = (amount: string) =>
    [
      '\uFEFFRecord ID,Deal Name,Pipeline,Deal Stage,Amount,Close Date,Deal owner,Associated Company',
      `hs-1,Acme renewal,Sales,Discovery,"${amount}",2026-03-31,${ownerEmail},Acme`,
      `hs-2,Globex pilot,Sales,Closed Won,"12,000.00",03/15/2026,Ada Lovelace,Globex`,
      '',
    ].join('\r\n')

  it('dry-runs a HubSpot deal export (UTF-8 BOM, commas), commits it, and re-importing the same file changes nothing while a changed row updates', async () => {
    const dry = await validated(admin, 'deals', hubspotDeals('1,500.50'))
    expect(dry).toMatchObject({
      status: 'validated',
      delimiter: ',',
      mapping: {
        external_id: 'Record ID',
        name: 'Deal Name',
        pipeline: 'Pipeline',
        stage: 'Deal Stage',
        amount: 'Amount',
        close_date: 'Close Date',
        owner: 'Deal owner',
        account_name: 'Associated Company',
      },
      progress: { rows_done: 2, rows_total: 2 },
      dry_run: { create: 2, update: 0, unchanged: 0, error: 0 },
      problems: [],
    })
    expect(await app.db.select().from(deals).where(eq(deals.remoteId, 'hs-1'))).toHaveLength(0)

    const done = await committed(admin, dry.id)
    expect(done).toMatchObject({
      status: 'done',
      result: { create: 2, update: 0, unchanged: 0, error: 0 },
      pipeline_id: pipeline.id,
    })
    const rows = await app.db
      .select()
      .from(deals)
      .where(eq(deals.organisationId, admin.organisationId))
    const acme = rows.find((row) => row.remoteId === 'hs-1')
    const globex = rows.find((row) => row.remoteId === 'hs-2')
    expect(acme).toMatchObject({
      name: 'Acme renewal',
      stageId: pipeline.stages[0]?.stage_id,
      amount: '1500.50',
      closeDate: '2026-03-31',
      ownerId: admin.userId,
      accountName: 'Acme',
      source: 'import',
      status: 'open',
    })
    expect(globex).toMatchObject({ status: 'won', closeDate: '2026-03-15', ownerId: admin.userId })
    const history = await app.db
      .select()
      .from(dealStageHistory)
      .where(eq(dealStageHistory.dealId, acme?.id ?? ''))
    expect(history).toHaveLength(1)

    const again = await validated(admin, 'deals', hubspotDeals('1,500.50'))
    expect(again.dry_run).toEqual({ create: 0, update: 0, unchanged: 2, error: 0 })
    expect((await committed(admin, again.id)).result).toEqual({
      create: 0,
      update: 0,
      unchanged: 2,
      error: 0,
    })

    const changed = await validated(admin, 'deals', hubspotDeals('2,000'))
    expect(changed.dry_run).toEqual({ create: 0, update: 1, unchanged: 1, error: 0 })
    await committed(admin, changed.id)
    const [updated] = await app.db
      .select()
      .from(deals)
      .where(eq(deals.id, acme?.id ?? ''))
    expect(updated?.amount).toBe('2000.00')
    const count = await app.db
      .select()
      .from(deals)
      .where(eq(deals.organisationId, admin.organisationId))
    expect(count).toHaveLength(2)
  })

  it('reads a Salesforce export with semicolons and quoted line breaks, and imports call transcripts that queue the deal’s analysis', async () => {
    const dealsFile = [
      'Opportunity ID;Opportunity Name;Stage;Amount;Close Date;Opportunity Owner',
      `006A1;"Initech; expansion";Proposal;"7.500,00";31.12.2026;${ownerEmail}`,
      '',
    ].join('\n')
    const dealDry = await validated(admin, 'deals', dealsFile)
    expect(dealDry).toMatchObject({ delimiter: ';', dry_run: { create: 1, error: 0 } })
    await committed(admin, dealDry.id)
    const [initech] = await app.db.select().from(deals).where(eq(deals.remoteId, '006A1'))
    expect(initech).toMatchObject({ name: 'Initech; expansion', amount: '7500.00' })

    const calls = [
      'Activity ID;Opportunity ID;Type;Subject;Activity Date;Description',
      '00T1;006A1;Call;Discovery call;2026-11-02 10:00;"Ada Lovelace: What is slowing the team down?',
      'Priya Shah: Honestly the price is too high for us this year."',
      '00T2;006A1;Note;Follow-up;2026-11-03;"Sent pricing;',
      'waiting for legal"',
      '',
    ].join('\n')
    const callsDry = await validated(admin, 'engagements', calls)
    expect(callsDry).toMatchObject({
      dry_run: { create: 2, error: 0 },
      progress: { rows_total: 2 },
    })
    await committed(admin, callsDry.id)
    const stored = await app.db
      .select()
      .from(engagements)
      .where(eq(engagements.dealId, initech?.id ?? ''))
    const call = stored.find((e) => e.remoteId === '00T1')
    expect(call).toMatchObject({ type: 'transcript', name: 'Discovery call' })
    expect(call?.utterances).toEqual([
      { speaker: 'Ada Lovelace', role: 'seller', text: 'What is slowing the team down?' },
      // Neither a user nor a contact: on a call with a user, the buyer, so that their words
      // (here an objection) are analysed.
      {
        speaker: 'Priya Shah',
        role: 'buyer',
        text: 'Honestly the price is too high for us this year.',
      },
    ])
    expect(stored.find((e) => e.remoteId === '00T2')).toMatchObject({
      type: 'note',
      body: 'Sent pricing;\nwaiting for legal',
    })
    const runs = await app.db
      .select()
      .from(analysisRuns)
      .where(and(eq(analysisRuns.dealId, initech?.id ?? ''), eq(analysisRuns.status, 'queued')))
    expect(runs).toHaveLength(1)

    // The same calls again: nothing changes and no analysis is asked for.
    await app.db.delete(analysisRuns).where(eq(analysisRuns.dealId, initech?.id ?? ''))
    const again = await validated(admin, 'engagements', calls)
    expect(again.dry_run).toEqual({ create: 0, update: 0, unchanged: 2, error: 0 })
    expect((await committed(admin, again.id)).result).toMatchObject({ unchanged: 2 })
    expect(
      await app.db
        .select()
        .from(analysisRuns)
        .where(eq(analysisRuns.dealId, initech?.id ?? '')),
    ).toHaveLength(0)

    // The deal moved on in the source system: the analysis reads its stage, so it runs again.
    const moved = await validated(admin, 'deals', dealsFile.replace(';Proposal;', ';Closed Won;'))
    expect(moved.dry_run).toMatchObject({ update: 1 })
    await committed(admin, moved.id)
    const rerun = await app.db
      .select({ trigger: analysisRuns.trigger, status: analysisRuns.status })
      .from(analysisRuns)
      .where(eq(analysisRuns.dealId, initech?.id ?? ''))
    expect(rerun).toEqual([{ trigger: 'deal_update', status: 'queued' }])
  })

  it('leaves the speakers of an imported call none of the workspace’s users took part in without a role', async () => {
    const dealDry = await validated(
      admin,
      'deals',
      'Record ID,Deal Name,Deal Stage\nRX-1,Cyberdyne relay,Discovery\n',
    )
    await committed(admin, dealDry.id)
    const [cyberdyne] = await app.db.select().from(deals).where(eq(deals.remoteId, 'RX-1'))
    const calls = [
      'Deal ID,Type,Date,Body',
      'RX-1,call,2026-11-02,"Sam Doe: Shall we go ahead?',
      'Kim Lee: Not before the board meets."',
      '',
    ].join('\n')
    await committed(admin, (await validated(admin, 'engagements', calls)).id)
    const [call] = await app.db
      .select()
      .from(engagements)
      .where(eq(engagements.dealId, cyberdyne?.id ?? ''))
    // Who sells and who buys cannot be told: guessing would put the seller's words on the buyer.
    expect(call?.utterances?.map((u) => [u.speaker, u.role])).toEqual([
      ['Sam Doe', 'unknown'],
      ['Kim Lee', 'unknown'],
    ])
    // Its speakers took part, as an uploaded call's do: the deal's activity lists them.
    expect(call?.participants).toEqual(['Sam Doe', 'Kim Lee'])
  })

  it('reports each row’s problems (row, column, what is wrong), imports the valid rows, and serves the report as CSV', async () => {
    const file = [
      'Deal Name,Pipeline,Deal Stage,Amount,Close Date,Deal owner',
      'Good deal,Sales,Discovery,100,2026-01-01,',
      'Bad amount,Sales,Discovery,lots,2026-01-01,',
      'Bad stage,Sales,Negotiation,100,2026-02-30,',
      'Unknown owner,Sales,Proposal,100,2026-01-01,nobody@elsewhere.test',
      '',
    ].join('\n')
    const dry = await validated(admin, 'deals', file)
    expect(dry.dry_run).toEqual({ create: 2, update: 0, unchanged: 0, error: 2 })
    // The code and params let the app say it in the reader's language.
    expect(
      dry.problems.map(({ row, column, code, severity, params }) => ({
        row,
        column,
        code,
        severity,
        params,
      })),
    ).toEqual([
      {
        row: 2,
        column: 'Amount',
        code: 'invalid_amount',
        severity: 'error',
        params: { value: 'lots' },
      },
      {
        row: 3,
        column: 'Deal Stage',
        code: 'unknown_stage',
        severity: 'error',
        params: { value: 'Negotiation', pipeline: 'Sales' },
      },
      {
        row: 3,
        column: 'Close Date',
        code: 'invalid_date',
        severity: 'error',
        params: { value: '2026-02-30' },
      },
      {
        row: 4,
        column: 'Deal owner',
        code: 'unknown_owner',
        severity: 'warning',
        params: { value: 'nobody@elsewhere.test' },
      },
    ])
    expect(dry.problems[1]?.message).toContain('Closed Won')

    const report = await callAs(app, admin, 'GET', `/v1/imports/${dry.id}/report.csv`)
    expect(report.statusCode).toBe(200)
    expect(report.headers['content-type']).toContain('text/csv')
    const lines = report.body.trim().split('\r\n')
    expect(lines[0]).toBe('row,column,severity,code,message')
    expect(lines).toHaveLength(5)
    expect(lines[1]).toBe('2,Amount,error,invalid_amount,"""lots"" is not an amount."')

    const done = await committed(admin, dry.id)
    expect(done.result).toEqual({ create: 2, update: 0, unchanged: 0, error: 2 })
    expect(done.problem_count).toBe(4)
  })

  describe('QA: won and lost deals, row numbers after blank lines, Salesforce currency', () => {
    let enterprise: Pipeline
    const stored = async (remoteId: string) => {
      const [deal] = await app.db
        .select()
        .from(deals)
        .where(and(eq(deals.organisationId, admin.organisationId), eq(deals.remoteId, remoteId)))
      return deal
    }
    const stageName = (id: string | undefined) =>
      [...pipeline.stages, ...enterprise.stages].find((s) => s.stage_id === id)?.name

    beforeAll(async () => {
      const created = await createPipeline(app, admin, { name: 'Enterprise' })
      const staged = await callAs(app, admin, 'PUT', `/v1/pipelines/${created.id}/stages`, [
        { name: 'Discovery' },
        { name: 'Demo' },
        { name: 'Negotiation' },
      ])
      expect(staged.statusCode, staged.body).toBe(200)
      enterprise = staged.json<Pipeline>()
    })

    it("imports HubSpot's and Salesforce's closing stages as won or lost, at the pipeline's last stage when it has none of that name, and a mapped 'Won or lost' column says it first", async () => {
      const file = [
        '\uFEFF"Record ID","Deal Name","Pipeline","Deal Stage","Won or lost"',
        '"qa-won-1","QA Hooli","Enterprise","Closed Won",""',
        '"qa-won-2","QA Stark","Enterprise","Closed Lost",""',
        '"qa-won-3","QA Wayne","Enterprise","closedwon",""',
        '"qa-won-4","QA Tyrell","Enterprise","Lost",""',
        '"qa-won-5","QA Soylent","Enterprise","Closed Won","lost"',
        '"qa-won-6","QA Cyberdyne","Sales","Closed Won",""',
        '"qa-won-7","QA Initech","Enterprise","Demo",""',
        '',
      ].join('\r\n')
      const dry = await validated(admin, 'deals', file)
      expect(dry.mapping.status).toBe('Won or lost')
      expect(dry.problems).toEqual([])
      expect(dry.unmatched_values).toEqual({ stage: [], owner: [] })
      expect(dry.dry_run).toEqual({ create: 7, update: 0, unchanged: 0, error: 0 })
      // No deal written yet: no pipeline to see them in.
      expect(dry.pipeline_id).toBeNull()

      const done = await committed(admin, dry.id)
      // The rows span Enterprise and Sales: "See the deals" opens the first row's pipeline.
      expect(done.pipeline_id).toBe(enterprise.id)
      expect(done.result).toEqual({ create: 7, update: 0, unchanged: 0, error: 0 })
      const outcome = async (remoteId: string) => {
        const deal = await stored(remoteId)
        return [deal?.status, stageName(deal?.stageId)]
      }
      expect(await outcome('qa-won-1')).toEqual(['won', 'Negotiation'])
      expect(await outcome('qa-won-2')).toEqual(['lost', 'Negotiation'])
      expect(await outcome('qa-won-3')).toEqual(['won', 'Negotiation'])
      expect(await outcome('qa-won-4')).toEqual(['lost', 'Negotiation'])
      expect(await outcome('qa-won-5')).toEqual(['lost', 'Negotiation'])
      // A pipeline with a stage of that name keeps the deal there.
      expect(await outcome('qa-won-6')).toEqual(['won', 'Closed Won'])
      expect(await outcome('qa-won-7')).toEqual(['open', 'Demo'])
    })

    it('keeps the outcome of a closing stage mapped by hand to an open stage', async () => {
      const file = [
        'Record ID,Deal Name,Pipeline,Deal Stage',
        'qa-won-8,QA Vandelay,Sales,Closed Lost',
        '',
      ]
      const response = await upload(admin, 'deals', file.join('\n'), {
        value_mapping: JSON.stringify({
          stage: { 'Closed Lost': pipeline.stages.find((s) => s.name === 'Proposal')?.stage_id },
        }),
      })
      expect(response.statusCode, response.body).toBe(202)
      const { id } = response.json<ImportBody>()
      await app.services.imports.runValidation(
        { organisationId: admin.organisationId, importId: id },
        { finalAttempt: false },
      )
      await committed(admin, id)
      const deal = await stored('qa-won-8')
      expect([deal?.status, stageName(deal?.stageId)]).toEqual(['lost', 'Proposal'])
    })

    it('reports the row a spreadsheet shows, counting blank lines and keeping a multi-line value in its row', async () => {
      const file = [
        '"Record ID","Deal Name","Pipeline","Deal Stage","Amount"',
        '"qa-row-1","QA Acme","Enterprise","Discovery","100"',
        '"qa-row-2","QA Initech renewal',
        'with multi-line name","Enterprise","Demo","7,250"',
        '"qa-row-3","QA Umbrella","Enterprise","Contract Sent","99000"',
        '',
        '"qa-row-4","QA Globex","Enterprise","Demo","lots"',
        '',
        '',
        '"qa-row-5","QA Hooli","Nowhere","Demo","1"',
        '',
      ].join('\r\n')
      const dry = await validated(admin, 'deals', file)
      // Spreadsheet rows 4, 6 and 9, less the header row.
      expect(dry.problems.map(({ row, code }) => ({ row, code }))).toEqual([
        { row: 3, code: 'unknown_stage' },
        { row: 5, code: 'invalid_amount' },
        { row: 8, code: 'unknown_pipeline' },
      ])
      expect(dry.progress).toMatchObject({ rows_done: 8, rows_total: 8 })
      expect(dry.dry_run).toMatchObject({ create: 2, error: 3 })
    })

    it('counts a row of only separators as a blank line, not as an error row, and goes on counting rows past it', async () => {
      const file = [
        'Record ID,Deal Name,Pipeline,Deal Stage,Amount',
        'qa-sep-1,QA Sep Acme,Sales,Discovery,100',
        ',,,,',
        'qa-sep-2,QA Sep Globex,Sales,Nowhere,200',
        '"","",,,',
        ',,,,',
        'qa-sep-3,QA Sep Hooli,Sales,Proposal,300',
        ',,,,',
        '',
      ].join('\r\n')
      const dry = await validated(admin, 'deals', file)
      expect(dry.problems.map(({ row, code }) => ({ row, code }))).toEqual([
        { row: 3, code: 'unknown_stage' },
      ])
      expect(dry.dry_run).toMatchObject({ create: 2, error: 1 })
      expect(dry.progress).toMatchObject({ rows_done: 6, rows_total: 6 })
    })

    it("imports the currency of Salesforce's 'Amount Currency' column", async () => {
      const file = [
        '"Opportunity Owner","Account Name","Opportunity Name","Stage","Amount","Amount Currency","Close Date","Opportunity ID"',
        '"","QA Soylent","QA SF Soylent","Negotiation","3,400.99","EUR","1/5/2027","0065g00000QaCur1"',
        '',
      ].join('\r\n')
      const dry = await validated(admin, 'deals', file)
      expect(dry.mapping).toMatchObject({ amount: 'Amount', currency: 'Amount Currency' })
      await committed(admin, dry.id)
      const deal = await stored('0065g00000QaCur1')
      expect([deal?.amount, deal?.currency]).toEqual(['3400.99', 'EUR'])
    })
  })

  it('refuses a negative amount, as the deals API does, and imports the row’s neighbours', async () => {
    const file = [
      'Deal Name,Pipeline,Deal Stage,Amount',
      'Refund,Sales,Discovery,"-2,500.00"',
      'Free pilot,Sales,Discovery,0',
      '',
    ].join('\n')
    const dry = await validated(admin, 'deals', file)
    expect(dry.dry_run).toMatchObject({ create: 1, error: 1 })
    expect(
      dry.problems.map(({ row, column, code, params }) => ({ row, column, code, params })),
    ).toEqual([
      { row: 1, column: 'Amount', code: 'negative_amount', params: { value: '-2,500.00' } },
    ])
  })

  it('reports a close date or an activity date outside 1900–9999 as the row’s problem, storing nothing for the row (year 0000 was stored as 1900-01-01)', async () => {
    const dealsFile = [
      'Record ID,Deal Name,Pipeline,Deal Stage,Close Date',
      'yr-0,Year zero,Sales,Discovery,0000-01-01',
      'yr-99,Year 99,Sales,Discovery,0099-06-30',
      'yr-1900,Year 1900,Sales,Discovery,1900-01-01',
      '',
    ].join('\n')
    const dry = await validated(admin, 'deals', dealsFile)
    expect(dry.dry_run).toMatchObject({ create: 1, error: 2 })
    const range = { min: '1900-01-01', max: '9999-12-31' }
    expect(
      dry.problems.map(({ row, column, code, params }) => ({ row, column, code, params })),
    ).toEqual([
      {
        row: 1,
        column: 'Close Date',
        code: 'date_out_of_range',
        params: { value: '0000-01-01', ...range },
      },
      {
        row: 2,
        column: 'Close Date',
        code: 'date_out_of_range',
        params: { value: '0099-06-30', ...range },
      },
    ])
    expect(dry.problems[0]?.message).toBe(
      '"0000-01-01" is outside the dates Dealcoach accepts, 1900-01-01 to 9999-12-31.',
    )
    await committed(admin, dry.id)
    const stored = await app.db.select().from(deals).where(like(deals.remoteId, 'yr-%'))
    expect(stored.map((d) => [d.remoteId, d.closeDate])).toEqual([['yr-1900', '1900-01-01']])

    const calls = [
      'Activity ID,Deal ID,Type,Subject,Activity Date,Description',
      'act-0,yr-1900,Note,Year zero,0000-01-01 10:00,Called',
      '',
    ].join('\n')
    const callsDry = await validated(admin, 'engagements', calls)
    expect(callsDry.dry_run).toMatchObject({ create: 0, error: 1 })
    expect(callsDry.problems.map(({ column, code }) => ({ column, code }))).toEqual([
      { column: 'Activity Date', code: 'date_out_of_range' },
    ])
  })

  it('reports an activity date in the future as the row’s problem, as the upload refuses one; a zoneless time within a day’s zones ahead of UTC is not', async () => {
    const deal = await validated(
      admin,
      'deals',
      'Record ID,Deal Name,Deal Stage\nfut-deal,Future,Discovery\n',
    )
    await committed(admin, deal.id)
    const inZone = new Date(Date.now() + 10 * 60 * 60 * 1000).toISOString().slice(0, 16)
    const calls = [
      'Activity ID,Deal ID,Type,Subject,Activity Date,Description',
      'fut-1,fut-deal,Note,Far ahead,2099-01-01 10:00,Called',
      `fut-2,fut-deal,Note,Local time east of UTC,${inZone.replace('T', ' ')},Called`,
      '',
    ].join('\n')
    const dry = await validated(admin, 'engagements', calls)
    expect(reported(dry)).toEqual([
      {
        row: 1,
        column: 'Activity Date',
        code: 'date_in_future',
        params: { value: '2099-01-01 10:00' },
      },
    ])
  })

  describe('slash dates, read in the order the whole file shows (ADR 0031)', () => {
    const closeDates = async (prefix: string): Promise<Record<string, string | null>> =>
      Object.fromEntries(
        (
          await app.db
            .select()
            .from(deals)
            .where(like(deals.remoteId, `${prefix}%`))
        ).map((d) => [d.remoteId ?? '', d.closeDate]),
      )
    const brief = (problems: ImportBody['problems']) =>
      problems.map(({ row, column, severity, code, params }) => ({
        row,
        column,
        severity,
        code,
        params,
      }))

    it('reads a European file (";", decimal commas) whose dates are all ambiguous day first, saying so on each such row, and the commit writes what the dry run showed', async () => {
      const file = [
        'Record ID;Deal Name;Pipeline;Deal Stage;Amount;Close Date',
        'eu-1;Wien rollout;Sales;Discovery;"24.000,50";03/04/2027',
        'eu-2;Graz pilot;Sales;Discovery;"1.200,00";05/05/2027',
        'eu-3;Linz pilot;Sales;Discovery;"900,00";2027-06-01',
        '',
      ].join('\n')
      const dry = await validated(admin, 'deals', file)
      expect(dry.dry_run).toMatchObject({ create: 3, error: 0 })
      // 05/05 is the same date either way: nothing to say about it.
      expect(brief(dry.problems)).toEqual([
        {
          row: 1,
          column: 'Close Date',
          severity: 'warning',
          code: 'date_read_day_first',
          params: { value: '03/04/2027', date: '2027-04-03', other: '2027-03-04' },
        },
      ])
      expect(dry.problems[0]?.message).toBe(
        '"03/04/2027" was read as 3 April 2027 (day first, as European files write dates): no date in the file shows its order. If it means 4 March 2027, write the file\'s dates as YYYY-MM-DD and import it again.',
      )
      const done = await committed(admin, dry.id)
      expect(done.result).toMatchObject({ create: 3, error: 0 })
      expect(brief(done.problems)).toEqual(brief(dry.problems))
      expect(await closeDates('eu-')).toEqual({
        'eu-1': '2027-04-03',
        'eu-2': '2027-05-05',
        'eu-3': '2027-06-01',
      })
    })

    it('reads a file day first when a date shows it (15/03/2027), without warnings, where it refused 15/03 before', async () => {
      const file = [
        'Record ID,Deal Name,Pipeline,Deal Stage,Close Date',
        'dm-1,Lyon pilot,Sales,Discovery,15/03/2027',
        'dm-2,Nice pilot,Sales,Discovery,03/04/2027',
        '',
      ].join('\n')
      const dry = await validated(admin, 'deals', file)
      expect(dry).toMatchObject({ dry_run: { create: 2, error: 0 }, problems: [] })
      await committed(admin, dry.id)
      expect(await closeDates('dm-')).toEqual({ 'dm-1': '2027-03-15', 'dm-2': '2027-04-03' })
    })

    it('reads a US file month first: 04/05/2026 is 5 April without a warning once 3/31/2026 shows the order, and with one when nothing does', async () => {
      const file = [
        'Record ID,Deal Name,Pipeline,Deal Stage,Amount,Close Date',
        'us-1,Austin renewal,Sales,Discovery,"1,500.50",3/31/2026',
        'us-2,Boston pilot,Sales,Discovery,"2,000.00",04/05/2026',
        '',
      ].join('\n')
      const dry = await validated(admin, 'deals', file)
      expect(dry).toMatchObject({ dry_run: { create: 2, error: 0 }, problems: [] })
      await committed(admin, dry.id)
      expect(await closeDates('us-')).toEqual({ 'us-1': '2026-03-31', 'us-2': '2026-04-05' })

      const ambiguous = [
        'Record ID,Deal Name,Pipeline,Deal Stage,Amount,Close Date',
        'usa-1,Denver pilot,Sales,Discovery,"1,500.50",04/05/2026',
        '',
      ].join('\n')
      const guessed = await validated(admin, 'deals', ambiguous)
      expect(brief(guessed.problems)).toEqual([
        {
          row: 1,
          column: 'Close Date',
          severity: 'warning',
          code: 'date_read_month_first',
          params: { value: '04/05/2026', date: '2026-04-05', other: '2026-05-04' },
        },
      ])
      expect(guessed.problems[0]?.message).toContain(
        '"04/05/2026" was read as 5 April 2026 (month first, as US exports write dates)',
      )
    })

    it('reports each date in the order fewer of the file’s dates show as the row’s error, and reads activity dates with times the same way', async () => {
      const file = [
        'Record ID;Deal Name;Pipeline;Deal Stage;Close Date',
        'mx-1;Bremen pilot;Sales;Discovery;15/03/2027',
        'mx-2;Kiel pilot;Sales;Discovery;20/03/2027',
        'mx-3;Ulm pilot;Sales;Discovery;3/31/2026',
        'mx-4;Jena pilot;Sales;Discovery;03/04/2027',
        '',
      ].join('\n')
      const dry = await validated(admin, 'deals', file)
      expect(dry.dry_run).toMatchObject({ create: 3, error: 1 })
      expect(brief(dry.problems)).toEqual([
        {
          row: 3,
          column: 'Close Date',
          severity: 'error',
          code: 'date_not_day_first',
          params: { value: '3/31/2026', example: '15/03/2027', date: '2026-03-31' },
        },
      ])
      expect(dry.problems[0]?.message).toBe(
        '"3/31/2026" puts the month first, but the file\'s other dates put the day first (as "15/03/2027"): write it with the day first, or as 2026-03-31.',
      )
      await committed(admin, dry.id)
      expect(await closeDates('mx-')).toEqual({
        'mx-1': '2027-03-15',
        'mx-2': '2027-03-20',
        'mx-4': '2027-04-03',
      })

      const calls = [
        'Activity ID,Deal ID,Type,Subject,Activity Date,Description',
        'mxc-1,mx-1,Note,First,3/31/2026 2:15 PM,Called',
        'mxc-2,mx-1,Note,Second,10/20/2025 10:00,Called',
        'mxc-3,mx-1,Note,Third,04/05/2026 9:00 AM,Called',
        'mxc-4,mx-1,Note,Fourth,13/04/2026 10:00,Called',
        '',
      ].join('\n')
      const callsDry = await validated(admin, 'engagements', calls)
      expect(callsDry.dry_run).toMatchObject({ create: 3, error: 1 })
      expect(brief(callsDry.problems)).toEqual([
        {
          row: 4,
          column: 'Activity Date',
          severity: 'error',
          code: 'date_not_month_first',
          params: { value: '13/04/2026 10:00', example: '3/31/2026 2:15 PM', date: '2026-04-13' },
        },
      ])
      await committed(admin, callsDry.id)
      const stored = await app.db
        .select()
        .from(engagements)
        .where(like(engagements.remoteId, 'mxc-%'))
      expect(
        Object.fromEntries(stored.map((e) => [e.remoteId ?? '', e.occurredAt.toISOString()])),
      ).toEqual({
        'mxc-1': '2026-03-31T14:15:00.000Z',
        'mxc-2': '2025-10-20T10:00:00.000Z',
        'mxc-3': '2026-04-05T09:00:00.000Z',
      })
    })

    it('commits with the order the dry run decided, kept on the import', async () => {
      const file = [
        'Record ID;Deal Name;Pipeline;Deal Stage;Close Date',
        'kept-1;Basel pilot;Sales;Discovery;03/04/2027',
        '',
      ].join('\n')
      const dry = await validated(admin, 'deals', file)
      const [stored] = await app.db.select().from(imports).where(eq(imports.id, dry.id))
      expect(stored?.dateOrder).toEqual({ order: 'day_first', basis: 'conventions' })
      // Were the commit to decide again, it would decide the same; what it follows is the record.
      await app.db
        .update(imports)
        .set({ dateOrder: { order: 'month_first', basis: 'dates', example: '3/31/2026' } })
        .where(eq(imports.id, dry.id))
      await committed(admin, dry.id)
      expect(await closeDates('kept-')).toEqual({ 'kept-1': '2027-03-04' })
    })
  })

  it('links a call to its deal by the deal’s external ID, else by its Dealcoach ID, never to another organisation’s deal', async () => {
    const newDeal = async (session: SignedIn, name: string) => {
      const [first] = (await callAs(app, session, 'GET', '/v1/pipelines')).json<{
        models: Pipeline[]
      }>().models
      const created = await callAs(app, session, 'POST', '/v1/deals', {
        pipeline_id: first?.id,
        stage_id: first?.stages[0]?.stage_id,
        name,
      })
      expect(created.statusCode, created.body).toBe(201)
      return created.json<{ id: string }>().id
    }
    // Created in Dealcoach ("New deal"): no external ID.
    const typedIn = await newDeal(admin, 'Typed in')
    const theirs = await newDeal(outsider, 'Another organisation’s')
    // A deal imported with an external ID that is another deal's Dealcoach ID.
    const decoy = await newDeal(admin, 'Decoy')
    const importedDeals = await validated(
      admin,
      'deals',
      ['Record ID,Deal Name,Pipeline,Deal Stage', `${decoy},Imported,Sales,Discovery`, ''].join(
        '\n',
      ),
    )
    await committed(admin, importedDeals.id)
    const [imported] = await app.db.select().from(deals).where(eq(deals.remoteId, decoy))
    expect(imported?.id).not.toBe(decoy)

    const calls = [
      'Activity ID,Deal ID,Type,Subject,Activity Date,Description',
      `ref-1,${typedIn},Note,By id,2026-11-02,Called`,
      `ref-2,${typedIn.toUpperCase()},Note,By upper-case id,2026-11-03,Called again`,
      `ref-3,${decoy},Note,By external id,2026-11-04,Wrote`,
      `ref-4,${theirs},Note,Another organisation,2026-11-05,Called`,
      'ref-5,no-such-deal,Note,Nothing,2026-11-06,Called',
      '',
    ].join('\n')
    const dry = await validated(admin, 'engagements', calls)
    expect(dry.dry_run).toMatchObject({ create: 3, error: 2 })
    expect(
      dry.problems.map(({ row, column, code, params }) => ({ row, column, code, params })),
    ).toEqual([
      { row: 4, column: 'Deal ID', code: 'unknown_deal', params: { value: theirs } },
      { row: 5, column: 'Deal ID', code: 'unknown_deal', params: { value: 'no-such-deal' } },
    ])
    expect(dry.problems[1]?.message).toBe(
      'No deal has the ID or external ID "no-such-deal". Import the deals first, or use the deal\'s ID in Dealcoach.',
    )
    await committed(admin, dry.id)
    const stored = await app.db
      .select({ remoteId: engagements.remoteId, dealId: engagements.dealId })
      .from(engagements)
      .where(like(engagements.name, 'By %'))
    // Two by the typed-in deal's id (in either case), one by the imported deal's external id.
    expect(stored.map((e) => e.dealId).sort()).toEqual(
      [typedIn, typedIn, imported?.id ?? ''].sort(),
    )
    expect(
      await app.db.select().from(engagements).where(eq(engagements.dealId, theirs)),
    ).toHaveLength(0)
  })

  it('lists the stage and owner values it matched to nothing, reruns the dry run with them mapped by hand, and commits the deals with those stages and owners', async () => {
    const file = [
      'Deal Name,Deal Stage,Deal owner,Amount',
      'Initech,On hold,Ada L.,100',
      'Hooli,On hold,,200',
      'Umbrella,Qualified,ada.lovelace@old-domain.test,300',
      'Vandelay,Discovery,Ada L.,400',
      '',
    ].join('\n')
    const dry = await validated(admin, 'deals', file)
    expect(dry.dry_run).toEqual({ create: 1, update: 0, unchanged: 0, error: 3 })
    expect(dry.unmatched_values).toEqual({
      stage: [
        { value: 'On hold', rows: 2 },
        { value: 'Qualified', rows: 1 },
      ],
      owner: [
        { value: 'Ada L.', rows: 2 },
        { value: 'ada.lovelace@old-domain.test', rows: 1 },
      ],
    })

    const stageId = (name: string) => pipeline.stages.find((s) => s.name === name)?.stage_id ?? ''
    const mapValues = (session: SignedIn, id: string, payload: object) =>
      callAs(app, session, 'PUT', `/v1/imports/${id}/value-mapping`, payload)

    // Another organisation's stage, or a user who is not one of yours, is named at its value.
    const theirs = await createPipeline(app, outsider, { name: 'Theirs' })
    const theirStages = await callAs(app, outsider, 'PUT', `/v1/pipelines/${theirs.id}/stages`, [
      { name: 'On hold' },
    ])
    const foreign = await mapValues(admin, dry.id, {
      stage: { 'On hold': theirStages.json<Pipeline>().stages[0]?.stage_id },
      owner: { 'Ada L.': outsider.userId },
    })
    expect(foreign.statusCode, foreign.body).toBe(400)
    expect(foreign.json<ErrorJson>().error.details).toEqual([
      expect.objectContaining({ path: 'body.stage.On hold', code: 'unknown_stage' }),
      expect.objectContaining({ path: 'body.owner.Ada L.', code: 'unknown_user' }),
    ])
    expect((await mapValues(member, dry.id, { stage: {} })).statusCode).toBe(403)
    expect((await mapValues(outsider, dry.id, { stage: {} })).statusCode).toBe(404)

    const mapping = {
      stage: { 'On hold': stageId('Proposal'), Qualified: stageId('Discovery') },
      owner: { 'Ada L.': admin.userId },
    }
    const rerun = await mapValues(admin, dry.id, mapping)
    expect(rerun.statusCode, rerun.body).toBe(202)
    expect(rerun.json<ImportBody>()).toMatchObject({ status: 'validating', value_mapping: mapping })
    // A second change while the dry run reruns would not be seen by it.
    expect((await mapValues(admin, dry.id, mapping)).statusCode).toBe(409)
    await app.services.imports.runValidation(
      { organisationId: admin.organisationId, importId: dry.id },
      { finalAttempt: false },
    )
    const again = await read(admin, dry.id)
    expect(again.dry_run).toEqual({ create: 4, update: 0, unchanged: 0, error: 0 })
    expect(again.unmatched_values).toEqual({
      stage: [],
      owner: [{ value: 'ada.lovelace@old-domain.test', rows: 1 }],
    })

    const done = await committed(admin, dry.id)
    expect(done.result).toEqual({ create: 4, update: 0, unchanged: 0, error: 0 })
    const rows = await app.db
      .select({ name: deals.name, stageId: deals.stageId, ownerId: deals.ownerId })
      .from(deals)
      .where(eq(deals.organisationId, admin.organisationId))
    const byName = new Map(rows.map((row) => [row.name, row]))
    expect(byName.get('Initech')).toMatchObject({
      stageId: stageId('Proposal'),
      ownerId: admin.userId,
    })
    expect(byName.get('Hooli')).toMatchObject({ stageId: stageId('Proposal'), ownerId: null })
    expect(byName.get('Umbrella')).toMatchObject({ stageId: stageId('Discovery'), ownerId: null })
    // Committed: its values are settled.
    expect((await mapValues(admin, dry.id, mapping)).statusCode).toBe(409)
  })

  it('reports a pipeline no pipeline is named as the row’s error, without listing its stage as unmatched', async () => {
    const file = [
      'Deal Name,Pipeline,Deal Stage',
      'Initrode,Partners,Discovery',
      'Soylent,Sales,Parked',
      '',
    ].join('\n')
    const dry = await validated(admin, 'deals', file)
    expect(dry.dry_run).toMatchObject({ create: 0, error: 2 })
    expect(reported(dry)).toEqual([
      { row: 1, column: 'Pipeline', code: 'unknown_pipeline', params: { value: 'Partners' } },
      // The row names its pipeline: the report says which pipeline lacks the stage.
      {
        row: 2,
        column: 'Deal Stage',
        code: 'unknown_stage',
        params: { value: 'Parked', pipeline: 'Sales' },
      },
    ])
    // Only the stage of a pipeline that exists is offered for mapping; Discovery is a stage of Sales.
    expect(dry.unmatched_values.stage).toEqual([{ value: 'Parked', rows: 1 }])
  })

  it('takes a value mapping with the upload, imports a field from no column when the mapping says null, and maps values only of deals', async () => {
    const file = 'Deal Name,Deal Stage,Amount\nWayne deal,Backlog,999\n'
    const response = await upload(admin, 'deals', file, {
      mapping: JSON.stringify({ amount: null }),
      value_mapping: JSON.stringify({
        stage: { Backlog: pipeline.stages[0]?.stage_id },
      }),
    })
    expect(response.statusCode, response.body).toBe(202)
    const created = response.json<ImportBody>()
    expect(created.mapping).toEqual({ name: 'Deal Name', stage: 'Deal Stage' })
    await app.services.imports.runValidation(
      { organisationId: admin.organisationId, importId: created.id },
      { finalAttempt: false },
    )
    expect((await read(admin, created.id)).dry_run.create).toBe(1)

    const badValues = await upload(admin, 'deals', file, {
      value_mapping: JSON.stringify({ stage: { Backlog: 'not-a-uuid' } }),
    })
    expect(badValues.statusCode).toBe(400)
    expect(badValues.json<ErrorJson>().error.details?.[0]?.path).toBe(
      'body.value_mapping.stage.Backlog',
    )

    const people = await validated(admin, 'contacts', 'Name,Email\nPriya,priya@acme.test\n')
    const notDeals = await callAs(app, admin, 'PUT', `/v1/imports/${people.id}/value-mapping`, {})
    expect(notDeals.statusCode).toBe(409)
    expect(notDeals.json<ErrorJson>().error.code).toBe('import_not_deals')
  })

  it('refuses a file that is no CSV, has no header or lacks the kind’s columns with a 400 in the error shape', async () => {
    const cases: [string, string | Buffer, string][] = [
      ['deals', '', 'empty_file'],
      ['deals', 'just some text without columns\nmore text\n', 'no_header'],
      ['deals', 'First Name,Last Name,Email\nPriya,Shah,priya@acme.test\n', 'missing_column'],
    ]
    const importCount = async () =>
      (await app.db.select().from(imports).where(eq(imports.organisationId, admin.organisationId)))
        .length
    const before = await importCount()
    for (const [kind, content, code] of cases) {
      const response = await upload(admin, kind, content)
      expect(response.statusCode, `${code}: ${response.body}`).toBe(400)
      const body = response.json<ErrorJson>()
      expect(body.error.code).toBe('invalid_file')
      expect(body.error.details?.[0]).toMatchObject({ path: 'body.file', code })
    }
    const wrongKind = await upload(admin, 'invoices', 'a,b\n1,2\n')
    expect(wrongKind.statusCode).toBe(400)
    expect(wrongKind.json<ErrorJson>().error.details?.[0]?.path).toBe('body.kind')
    const badMapping = await upload(admin, 'deals', 'Title,Phase\nA,Discovery\n', {
      mapping: JSON.stringify({ name: 'Title', stage: 'Step' }),
    })
    expect(badMapping.statusCode).toBe(400)
    expect(badMapping.json<ErrorJson>().error.details?.[0]).toMatchObject({
      path: 'body.mapping.stage',
      code: 'unknown_column',
    })
    // A refused upload keeps nothing, neither the import nor its file.
    expect(await importCount()).toBe(before)
  })

  it('refuses a PDF, a spreadsheet or any binary file as the wrong type of file (415 unsupported_file_type), saying a CSV is expected', async () => {
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n%'),
      Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]),
      Buffer.from('\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n'),
    ])
    const xlsx = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00])
    const noise = Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 37) % 256 || 1))
    const before = (
      await app.db.select().from(imports).where(eq(imports.organisationId, admin.organisationId))
    ).length
    for (const [name, content] of [
      ['pdf', pdf],
      ['xlsx', xlsx],
      ['noise', noise],
    ] as const) {
      const response = await upload(admin, 'deals', content)
      expect(response.statusCode, `${name}: ${response.body}`).toBe(415)
      const { error } = response.json<ErrorJson>()
      expect(error.code).toBe('unsupported_file_type')
      expect(error.message).toMatch(/CSV .*is expected/)
      expect(error.details).toEqual([
        { path: 'body.file', message: 'is binary, not a CSV text file', code: 'binary_file' },
      ])
    }
    expect(
      (await app.db.select().from(imports).where(eq(imports.organisationId, admin.organisationId)))
        .length,
    ).toBe(before)
  })

  it('refuses a NUL character in a form field or a JSON escape of the mapping, and reports a row holding one past the first megabyte', async () => {
    const file = 'Deal Name,Deal Stage\nNul deal,Discovery\n'
    const escaped = await upload(admin, 'deals', file, { mapping: '{"name": "Deal\\u0000Name"}' })
    expect(escaped.statusCode, escaped.body).toBe(400)
    expect(escaped.json<ErrorJson>().error.details?.[0]).toMatchObject({
      path: 'body.mapping.name',
      code: 'nul_character',
    })
    const field = await upload(admin, 'deals\u0000', file)
    expect(field.statusCode, field.body).toBe(400)
    expect(field.json<ErrorJson>().error.details?.[0]?.code).toBe('nul_character')

    // The first stored piece is read for the header, where a NUL makes a binary file; after it,
    // a NUL is the row's problem. The file arrives in 64 KB pieces, as it does over a network.
    const filler = Array.from(
      { length: 22_000 },
      (_, i) => `Filler deal ${i} ${'x'.repeat(48)},Discovery`,
    )
    const large = Buffer.from(
      ['Deal Name,Deal Stage', ...filler, 'Broken\u0000deal,Discovery', ''].join('\n'),
    )
    async function* inPieces() {
      for (let at = 0; at < large.length; at += 64 * 1024) yield large.subarray(at, at + 64 * 1024)
    }
    const caller = {
      id: admin.userId,
      organisationId: admin.organisationId,
      role: 'admin' as const,
      firstName: 'Ada',
      lastName: 'Lovelace',
      sessionId: '',
    }
    const created = await app.services.imports.create(caller, {
      kind: 'deals',
      mapping: undefined,
      fileName: 'large.csv',
      content: inPieces(),
    })
    await app.services.imports.runValidation(
      { organisationId: admin.organisationId, importId: created.id },
      { finalAttempt: false },
    )
    const dry = await read(admin, created.id)
    expect(dry.dry_run.error).toBe(1)
    expect(dry.problems).toEqual([
      expect.objectContaining({ row: 22_001, code: 'nul_character', severity: 'error' }),
    ])
  })

  it('fails an import whose file stops being CSV, saying why with a code and the line', async () => {
    const file = 'Deal Name,Deal Stage\nGood deal,Discovery\n"Unclosed,Discovery\nLast,Discovery\n'
    const response = await upload(admin, 'deals', file)
    expect(response.statusCode, response.body).toBe(202)
    const { id } = response.json<ImportBody>()
    await app.services.imports.runValidation(
      { organisationId: admin.organisationId, importId: id },
      { finalAttempt: false },
    )
    const failed = await read(admin, id)
    expect(failed.status).toBe('failed')
    expect(failed.error).toEqual({
      code: 'unreadable_csv',
      message: expect.stringContaining('cannot be read as CSV') as string,
      // Where the quote opened, not the file's end where the parser noticed it.
      params: { line: 3 },
    })
  })

  /** Imports a contacts file with an explicit mapping and reads back the contact named `name`. */
  async function importedContact(content: string | Buffer, mapping: ImportMapping, name: string) {
    const response = await upload(admin, 'contacts', content, { mapping: JSON.stringify(mapping) })
    expect(response.statusCode, response.body).toBe(202)
    const { id } = response.json<ImportBody>()
    await app.services.imports.runValidation(
      { organisationId: admin.organisationId, importId: id },
      { finalAttempt: false },
    )
    await committed(admin, id)
    const [contact] = await app.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.organisationId, admin.organisationId), eq(contacts.name, name)))
    return contact
  }

  it('uses an explicit mapping for headers it does not know, and imports contacts', async () => {
    const contact = await importedContact(
      'Who,Mail,Role\nPriya Shah,PRIYA@acme.test,CFO\n',
      { name: 'Who', email: 'Mail', title: 'Role' },
      'Priya Shah',
    )
    expect(contact).toMatchObject({ email: 'priya@acme.test', title: 'CFO' })
  })

  it('reads a CSV saved by Excel on Windows (windows-1252), its accents, quotes and euro sign included', async () => {
    // é is 0xE9 there as in Latin-1; the typographic apostrophe is 0x92 and € 0x80.
    const text = 'Nom;Courriel;Poste\nRené Lefèvre;rene@societe.test;Directeur d’achats €\n'
    const cp1252 = Buffer.from(
      [...text].map((char) => ({ '’': 0x92, '€': 0x80 })[char] ?? char.charCodeAt(0)),
    )
    const contact = await importedContact(
      cp1252,
      { name: 'Nom', email: 'Courriel', title: 'Poste' },
      'René Lefèvre',
    )
    expect(contact).toMatchObject({ email: 'rene@societe.test', title: 'Directeur d’achats €' })
  })

  it('ticks the onboarding step "Link a CRM or import data" once a file is imported', async () => {
    const fresh = await signUp(app, { firstname: 'Nina', lastname: 'New' })
    const imported = async () => {
      const response = await callAs(app, fresh, 'GET', '/v1/app-setting/onboarding_checklist')
      expect(response.statusCode, response.body).toBe(200)
      const { steps } = response.json<{ steps: { key: string; computed: boolean }[] }>()
      return steps.find((step) => step.key === 'crm_linked_or_data_imported')?.computed
    }
    const file = await validated(fresh, 'contacts', 'Name,Email\nPriya Shah,priya@acme.test\n')
    expect(await imported()).toBe(false)
    await committed(fresh, file.id)
    expect(await imported()).toBe(true)
  })

  it('commits only a validated import (409 import_not_validated), and a restarted commit picks up from rows_done', async () => {
    const file = [
      'Deal Name,Deal Stage',
      'Resume one,Discovery',
      'Resume two,Discovery',
      'Resume three,Discovery',
      '',
    ].join('\n')
    const response = await upload(admin, 'deals', file)
    const { id } = response.json<ImportBody>()
    const early = await callAs(app, admin, 'POST', `/v1/imports/${id}/commit`)
    expect(early.statusCode).toBe(409)
    expect(early.json<ErrorJson>().error.code).toBe('import_not_validated')

    await app.services.imports.runValidation(
      { organisationId: admin.organisationId, importId: id },
      { finalAttempt: false },
    )
    const commit = await callAs(app, admin, 'POST', `/v1/imports/${id}/commit`)
    expect(commit.statusCode).toBe(202)
    // As if the worker had written the first two rows' batch and then stopped.
    await app.db.update(imports).set({ rowsDone: 2, created: 2 }).where(eq(imports.id, id))
    await app.services.imports.runCommit(
      { organisationId: admin.organisationId, importId: id },
      { finalAttempt: false },
    )
    const done = await read(admin, id)
    expect(done).toMatchObject({ status: 'done', progress: { rows_done: 3, rows_total: 3 } })
    const names = (
      await app.db.select().from(deals).where(eq(deals.organisationId, admin.organisationId))
    ).map((row) => row.name)
    expect(names).toContain('Resume three')
    expect(names).not.toContain('Resume one')

    const twice = await callAs(app, admin, 'POST', `/v1/imports/${id}/commit`)
    expect(twice.statusCode).toBe(409)
  })

  it('writes each row once when a second run of the same commit or dry run starts while the first still runs (ADR 0020)', async () => {
    const rows = 1_200
    const file = ['Record ID,Deal Name,Deal Stage']
    for (let i = 1; i <= rows; i++) file.push(`twice-${i},Twice ${i},Discovery`)
    const response = await upload(admin, 'deals', `${file.join('\n')}\n`)
    const { id } = response.json<ImportBody>()
    const payload = { organisationId: admin.organisationId, importId: id }
    // Both runs read the import as it stands, then take turns batch by batch (one connection on
    // PGlite, the import's row lock on PostgreSQL): the later one finds it moved on and stops.
    await Promise.all([
      app.services.imports.runValidation(payload, { finalAttempt: false }),
      app.services.imports.runValidation(payload, { finalAttempt: false }),
    ])
    expect(await read(admin, id)).toMatchObject({
      status: 'validated',
      progress: { rows_done: rows, rows_total: rows },
      dry_run: { create: rows, update: 0, unchanged: 0, error: 0 },
    })
    await callAs(app, admin, 'POST', `/v1/imports/${id}/commit`)
    await Promise.all([
      app.services.imports.runCommit(payload, { finalAttempt: false }),
      app.services.imports.runCommit(payload, { finalAttempt: false }),
    ])
    expect(await read(admin, id)).toMatchObject({
      status: 'done',
      progress: { rows_done: rows, rows_total: rows },
      result: { create: rows, update: 0, unchanged: 0, error: 0 },
    })
    const written = await app.db
      .select({ remoteId: deals.remoteId })
      .from(deals)
      .where(and(eq(deals.organisationId, admin.organisationId), like(deals.remoteId, 'twice-%')))
    expect(written).toHaveLength(rows)
  })

  it('answers other requests between the batches of a commit, and its progress moves while it runs (PGlite answers within one turn of the event loop)', async () => {
    const rows = 2_000
    const file = ['Record ID,Deal Name,Deal Stage']
    for (let i = 1; i <= rows; i++) file.push(`turns-${i},Turns ${i},Discovery`)
    const dry = await validated(admin, 'deals', `${file.join('\n')}\n`)
    expect(dry.status).toBe('validated')
    const started = await callAs(app, admin, 'POST', `/v1/imports/${dry.id}/commit`)
    expect(started.statusCode).toBe(202)

    let finished = false
    const commit = app.services.imports
      .runCommit(
        { organisationId: admin.organisationId, importId: dry.id },
        { finalAttempt: false },
      )
      .finally(() => {
        finished = true
      })
    // Each read is answered between two batches; before, none was until the commit had ended.
    // The reads are spaced as a polling client's are: inject answers within the same turn of the
    // event loop, so back-to-back reads would never let the commit's pause end.
    const seen: number[] = []
    while (!finished) {
      await sleep(5)
      seen.push((await read(admin, dry.id)).progress.rows_done)
      expect((await callAs(app, admin, 'GET', '/v1/deals?limit=1')).statusCode).toBe(200)
    }
    await commit
    expect(seen.filter((done) => done > 0 && done < rows).length).toBeGreaterThan(0)
    expect(await read(admin, dry.id)).toMatchObject({
      status: 'done',
      result: { create: rows, update: 0, unchanged: 0, error: 0 },
    })
  })

  it('lets only admins write, and keeps each organisation’s imports to itself', async () => {
    const file = 'Deal Name,Deal Stage\nMember deal,Discovery\n'
    const byMember = await upload(member, 'deals', file)
    expect(byMember.statusCode).toBe(403)
    const mine = await upload(admin, 'deals', file)
    const { id } = mine.json<ImportBody>()
    expect((await callAs(app, member, 'GET', `/v1/imports/${id}`)).statusCode).toBe(200)
    expect((await callAs(app, member, 'POST', `/v1/imports/${id}/commit`)).statusCode).toBe(403)

    expect((await callAs(app, outsider, 'GET', `/v1/imports/${id}`)).statusCode).toBe(404)
    expect((await callAs(app, outsider, 'GET', `/v1/imports/${id}/report.csv`)).statusCode).toBe(
      404,
    )
    expect((await callAs(app, outsider, 'POST', `/v1/imports/${id}/commit`)).statusCode).toBe(404)
    // The same external id in another organisation is another deal: nothing of ours changes.
    const theirs = await validated(
      outsider,
      'deals',
      'Record ID,Deal Name,Deal Stage\nhs-1,Theirs,Discovery\n',
    )
    expect(theirs.dry_run).toMatchObject({ create: 1, update: 0, error: 0 })
    await committed(outsider, theirs.id)
    const sameId = await app.db.select().from(deals).where(eq(deals.remoteId, 'hs-1'))
    expect(sameId.map((row) => [row.organisationId, row.name]).sort()).toEqual(
      [
        [admin.organisationId, 'Acme renewal'],
        [outsider.organisationId, 'Theirs'],
      ].sort(),
    )
    // The list shows each organisation its own imports only, newest first, members included.
    const listed = (session: SignedIn, query = '') =>
      callAs(app, session, 'GET', `/v1/imports${query}`).then((response) => {
        expect(response.statusCode, response.body).toBe(200)
        return response.json<ImportList>()
      })
    const theirList = await listed(outsider)
    expect(theirList.models.map((each) => each.id)).toEqual([theirs.id])
    expect(theirList.pagination).toEqual({ page: 1, page_size: 20, total: 1 })
    const ours = await listed(member, '?page_size=2')
    expect(ours.models[0]).toMatchObject({ id, file_name: 'deals.csv', kind: 'deals' })
    expect(ours.models[0]).not.toHaveProperty('problems')
    expect(ours.models).toHaveLength(2)
    expect(ours.pagination.total).toBeGreaterThan(2)
    const reported = (await listed(admin, '?page_size=100')).models.find(
      (each) => each.problem_count > 0,
    )
    expect(reported?.problem_count).toBeGreaterThan(0)
    expect((await callAs(app, admin, 'GET', '/v1/imports?page_size=0')).statusCode).toBe(400)
  })
})

describe('CSV imports through the pg-boss workers', () => {
  let test: TestApp

  beforeAll(async () => {
    test = await createTestApp({ RUN_WORKERS: 'true' })
    await test.app.ready()
  })
  afterAll(() => test.close())

  async function until(app: FastifyInstance, session: SignedIn, id: string, status: string) {
    const deadline = Date.now() + 20_000
    for (;;) {
      const body = (await callAs(app, session, 'GET', `/v1/imports/${id}`)).json<ImportBody>()
      if (body.status === status || Date.now() > deadline) return body
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  it('validates an upload and commits it in the background, and lists the calls in the OpenAPI document', async () => {
    const { app } = test
    const admin = await signUp(app)
    const body = form(
      { kind: 'deals' },
      { name: 'deals.csv', content: 'Deal Name,Deal Stage\nWorker deal,Discovery\n' },
    )
    const created = await app.inject({
      method: 'POST',
      url: '/v1/imports',
      payload: body.payload,
      headers: { ...bearer(admin.accessToken), ...body.headers },
    })
    expect(created.statusCode, created.body).toBe(202)
    const { id } = created.json<ImportBody>()
    expect(await until(app, admin, id, 'validated')).toMatchObject({
      status: 'validated',
      dry_run: { create: 1 },
    })
    expect((await callAs(app, admin, 'POST', `/v1/imports/${id}/commit`)).statusCode).toBe(202)
    expect(await until(app, admin, id, 'done')).toMatchObject({
      status: 'done',
      result: { create: 1 },
      progress: { rows_done: 1, rows_total: 1 },
    })

    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>
    }>()
    expect(Object.keys(document.paths['/v1/imports'] ?? {})).toContain('post')
    expect(Object.keys(document.paths['/v1/imports/{id}'] ?? {})).toContain('get')
    expect(Object.keys(document.paths['/v1/imports/{id}/commit'] ?? {})).toContain('post')
    expect(Object.keys(document.paths['/v1/imports/{id}/report.csv'] ?? {})).toContain('get')
  })
})
