/**
 * Issue 17, scale-out (DESIGN §2): two server processes without workers and one worker process on
 * one PostgreSQL database, behind a round-robin proxy, all real processes and real HTTP. While a
 * stream of reads goes through the proxy, the worker is killed with SIGKILL in the middle of a CSV
 * import's commit and of deals' analyses; a new worker finishes both, and nothing is lost or done
 * twice. Runs in the `server:postgres` project only: PGlite is one process's database.
 */
import type { ImportBody } from '@dealcoach/contracts/imports'
import type { Pipeline } from '@dealcoach/contracts/pipelines'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest'
import { type AppProcess, freePort, startAppProcess } from './test-support/app-process.js'
import { multipart } from './test-support/multipart.js'
import { type RoundRobinProxy, startRoundRobinProxy } from './test-support/round-robin-proxy.js'
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKind,
} from './test-support/test-database.js'

/** Rows of the big deals import: long enough (≈ 5 s) to be caught half done. */
const BIG_IMPORT_ROWS = 20_000
/** Deals with calls, analysed before the kill and asked to be analysed again just before it. */
const ANALYSED_DEALS = 24
const CALLS_PER_DEAL = 6
const PASSWORD = 'correct horse battery staple'
const SELLER = { email: 'ada.scale@example.com', first: 'Ada', last: 'Lovelace' }

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls until `check` answers something other than undefined, or fails after `timeoutMs`. */
async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 60_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(intervalMs)
  }
}

/** A CSV value, quoted (it may hold commas, quotes and line breaks). */
const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`

/** A discovery call with objections, replies and a next step, varied per deal and call. */
function transcript(deal: number, call: number): string {
  const buyer = `Bea Buyer${deal}`
  const seller = `${SELLER.first} ${SELLER.last}`
  const lines = [
    `${seller}: Thanks for joining, call ${call}. What is getting in the way of your team today?`,
    `${buyer}: Honestly, the price is too high for us. We do not have the budget this year.`,
    `${seller}: I understand. Our customers usually recover the cost within three months through saved hours, and we can phase the rollout.`,
    `${buyer}: We spend hours every week on manual reporting, which costs us money.`,
    `${seller}: Who else needs to sign off on a decision like this?`,
    `${buyer}: Our finance director decides, and we already use spreadsheets that work fine for now.`,
    `${seller}: Many teams said the same; the difference is the hours spent keeping them right.`,
  ]
  if (call % 2 === 0) {
    lines.push(`${buyer}: The timing is bad, we are in the middle of a reorganisation.`)
  }
  lines.push(
    `${seller}: Next step: I will send a proposal by Friday and we book a call with your finance lead.`,
  )
  return lines.join('\n')
}

function dealsCsv(prefix: string, count: number): string {
  const rows = ['Record ID,Deal Name,Pipeline,Deal Stage,Amount,Close Date,Deal owner']
  for (let i = 1; i <= count; i++) {
    rows.push(
      `${prefix}-${i},${quoted(`Deal ${prefix} ${i}`)},New Business,Discovery,${(i % 97) * 100}.50,2026-12-15,${SELLER.email}`,
    )
  }
  return `${rows.join('\r\n')}\r\n`
}

function callsCsv(): string {
  const rows = ['Activity ID,Opportunity ID,Type,Subject,Activity Date,Description']
  for (let deal = 1; deal <= ANALYSED_DEALS; deal++) {
    for (let call = 1; call <= CALLS_PER_DEAL; call++) {
      const day = String(call).padStart(2, '0')
      rows.push(
        `call-${deal}-${call},a-${deal},Call,Call ${call},2026-11-${day} 10:00,${quoted(transcript(deal, call))}`,
      )
    }
  }
  return `${rows.join('\r\n')}\r\n`
}

/** The reads a deal list page makes, sent through the proxy in a loop until stopped. */
function startReadLoad(call: () => Promise<Response>, clients: number) {
  const statuses: number[] = []
  let running = true
  const loops = Array.from({ length: clients }, async () => {
    while (running) {
      const response = await call().catch(() => undefined)
      statuses.push(response?.status ?? 0)
      await response?.arrayBuffer().catch(() => undefined)
      await sleep(100)
    }
  })
  return {
    statuses,
    stop: async () => {
      running = false
      await Promise.all(loops)
    },
  }
}

describe.skipIf(testDatabaseKind() !== 'postgres')('scale-out: 2 servers, 1 worker', () => {
  let database: TestDatabase
  let db: pg.Client
  const servers: AppProcess[] = []
  let worker: AppProcess | undefined
  let proxy: RoundRobinProxy | undefined
  let env: Record<string, string>
  let load: ReturnType<typeof startReadLoad> | undefined

  beforeAll(async () => {
    database = await createTestDatabase({
      pgliteTemplateDir: inject('pgliteTemplateDir'),
      postgresTemplateDb: inject('postgresTemplateDb'),
    })
    db = new pg.Client({ connectionString: database.env.DATABASE_URL })
    await db.connect()
    env = {
      ...database.env,
      NODE_ENV: 'production',
      DEMO_WORKSPACE: 'false',
      LOG_LEVEL: 'info',
      DATABASE_POOL_SIZE: '5',
      TRUST_PROXY: '1',
      // Real settings (README, ADR 0020), shortened so that a dead worker's jobs come back in
      // about 11 s instead of about a minute.
      JOB_HEARTBEAT_SECONDS: '10',
      JOB_MONITOR_SECONDS: '1',
    }
    const ports = [await freePort(), await freePort()]
    const started = await Promise.allSettled([
      ...ports.map((port, index) =>
        startAppProcess(`server-${index + 1}`, 'server', {
          ...env,
          PORT: String(port),
          RUN_WORKERS: 'false',
        }),
      ),
      startAppProcess('worker-1', 'worker', env),
    ])
    // Kept before any failure is thrown, so that afterAll stops the ones that did start.
    const [first, second, firstWorker] = started.map((result) =>
      result.status === 'fulfilled' ? result.value : undefined,
    )
    worker = firstWorker
    servers.push(...[first, second].filter((server) => server !== undefined))
    const failed = started.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
    proxy = await startRoundRobinProxy(ports.map((port) => `http://127.0.0.1:${port}`))
  }, 120_000)

  afterAll(async () => {
    // Stopped here too, so that a failed test leaves no loop behind in the shared test worker.
    await load?.stop()
    await proxy?.close()
    const running = [worker, ...servers].filter((child) => child !== undefined)
    await Promise.all(running.map((child) => child.stop()))
    await db?.end()
    await database?.drop()
  })

  it('finishes an import and analyses whose worker was killed, each row exactly once, while both servers answer every read', async () => {
    if (!proxy) throw new Error('no proxy')
    // What the processes said last explains a failure better than a timeout does.
    onTestFailed(() => {
      for (const child of [...servers, worker]) {
        if (child) console.error(`--- ${child.name} (last lines)\n${child.output()}`)
      }
    })
    const base = proxy.url
    const api = (path: string, init: RequestInit = {}, token?: string) =>
      fetch(`${base}${path}`, {
        ...init,
        headers: {
          ...(init.body && !(init.body instanceof Uint8Array)
            ? { 'content-type': 'application/json' }
            : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(init.headers as Record<string, string> | undefined),
        },
      })
    const json = async <T>(response: Response, status: number): Promise<T> => {
      const text = await response.text()
      expect(response.status, text).toBe(status)
      return JSON.parse(text) as T
    }

    // Sign up through the public API: the join key is read from the e-mail the server wrote.
    await json(
      await api('/auth/email-registration', {
        method: 'POST',
        body: JSON.stringify({
          email: SELLER.email,
          firstname: SELLER.first,
          lastname: SELLER.last,
        }),
      }),
      202,
    )
    const { rows: mails } = await db.query<{ text_body: string }>(
      'select text_body from outbox_emails where to_address = $1 order by created_at desc limit 1',
      [SELLER.email],
    )
    const joinkey = /\/complete_registration\/([A-Za-z0-9_-]+)/.exec(mails[0]?.text_body ?? '')?.[1]
    expect(joinkey).toBeTruthy()
    await json(
      await api('/auth/confirm-email-password-registration', {
        method: 'POST',
        body: JSON.stringify({ email: SELLER.email, password: PASSWORD, joinkey }),
      }),
      201,
    )
    const { access_token: token } = await json<{ access_token: string }>(
      await api('/auth/email-login', {
        method: 'POST',
        body: JSON.stringify({ email: SELLER.email, password: PASSWORD }),
      }),
      200,
    )
    const {
      models: [pipeline],
    } = await json<{ models: Pipeline[] }>(await api('/v1/pipelines', {}, token), 200)
    if (!pipeline) throw new Error('the new workspace has no pipeline')

    load = startReadLoad(() => api(`/v1/deals?pipelineId=${pipeline.id}&perPage=25`, {}, token), 2)

    const upload = async (kind: string, name: string, content: string) => {
      const form = multipart({ name, content, type: 'text/csv' }, { kind })
      const created = await json<ImportBody>(
        await api(
          '/v1/imports',
          { method: 'POST', body: new Uint8Array(form.payload), headers: form.headers },
          token,
        ),
        202,
      )
      return waitFor(`the dry run of ${name}`, async () => {
        const read = await json<ImportBody>(await api(`/v1/imports/${created.id}`, {}, token), 200)
        if (read.status === 'failed') throw new Error(`${name} failed: ${JSON.stringify(read)}`)
        return read.status === 'validated' ? read : undefined
      })
    }
    const commit = async (id: string) =>
      json<ImportBody>(await api(`/v1/imports/${id}/commit`, { method: 'POST' }, token), 202)
    const importOf = async (id: string) =>
      json<ImportBody>(await api(`/v1/imports/${id}`, {}, token), 200)
    const imported = (id: string) =>
      waitFor(
        `import ${id} to finish`,
        async () => {
          const read = await importOf(id)
          return read.status === 'done' ? read : undefined
        },
        90_000,
        250,
      )
    const pendingRuns = async () => {
      const { rows } = await db.query<{ pending: number }>(
        "select count(*)::int as pending from analysis_runs where status in ('queued', 'running')",
      )
      return rows[0]?.pending ?? 0
    }

    // Deals with calls, analysed once: what one run of each gives.
    const analysedDeals = await upload('deals', 'analysed-deals.csv', dealsCsv('a', ANALYSED_DEALS))
    await commit(analysedDeals.id)
    await imported(analysedDeals.id)
    // Each deal's buyer is its contact, so the calls' other speaker counts as the buyer.
    const { data: dealList } = await json<{ data: { id: string; name: string }[] }>(
      await api(`/v1/deals?pipelineId=${pipeline.id}&perPage=100`, {}, token),
      200,
    )
    const analysedIds = dealList.map((deal) => {
      const number = /^Deal a (\d+)$/.exec(deal.name)?.[1]
      if (!number) throw new Error(`unexpected deal ${deal.name}`)
      return { id: deal.id, number }
    })
    expect(analysedIds).toHaveLength(ANALYSED_DEALS)
    for (const { id, number } of analysedIds) {
      await json(
        await api(
          `/v1/deals/${id}`,
          { method: 'PATCH', body: JSON.stringify({ contacts: [{ name: `Bea Buyer${number}` }] }) },
          token,
        ),
        200,
      )
    }
    const calls = await upload('engagements', 'calls.csv', callsCsv())
    expect(calls.dry_run).toMatchObject({ create: ANALYSED_DEALS * CALLS_PER_DEAL, error: 0 })
    await commit(calls.id)
    await imported(calls.id)
    await waitFor('the first analyses', async () =>
      (await pendingRuns()) === 0 ? true : undefined,
    )
    const once = await analysisRows(db)
    expect(once.objections.length).toBeGreaterThan(ANALYSED_DEALS)
    expect(once.actionResults.length).toBeGreaterThan(ANALYSED_DEALS)
    expect(once.duplicates).toBe(0)

    // The big import: dry run, then the commit, which the worker writes 500 rows at a time.
    const big = await upload('deals', 'big.csv', dealsCsv('big', BIG_IMPORT_ROWS))
    expect(big.dry_run).toEqual({ create: BIG_IMPORT_ROWS, update: 0, unchanged: 0, error: 0 })
    await commit(big.id)
    await waitFor(
      'the import to start writing',
      async () => ((await importOf(big.id)).progress.rows_done > 0 ? true : undefined),
      30_000,
      50,
    )
    // While it writes, every analysed deal is asked to be analysed again (as a user would).
    await Promise.all(
      analysedIds.map(async ({ id }) =>
        json(await api(`/v1/deals/${id}/analysis`, { method: 'POST' }, token), 202),
      ),
    )

    // Kill the worker while it holds both an analysis and the import's commit.
    const active = await waitFor(
      'an analysis and the commit to be active together',
      async () => {
        const { rows } = await db.query<{ id: string; name: string }>(
          "select id, name from pgboss.job where state = 'active' and name in ('analyse-deal', 'commit-import')",
        )
        const names = new Set(rows.map((row) => row.name))
        return names.size === 2 ? rows : undefined
      },
      30_000,
      20,
    )
    await worker?.crash()
    const killedAt = Date.now()
    const { rows: progressRows } = await db.query<{ rows_done: number; status: string }>(
      'select rows_done, status from imports where id = $1',
      [big.id],
    )
    const halfDone = progressRows[0]
    expect(halfDone?.status).toBe('importing')
    expect(halfDone?.rows_done).toBeGreaterThan(0)
    expect(halfDone?.rows_done).toBeLessThan(BIG_IMPORT_ROWS)
    // Nothing is running now: the killed jobs stay active until their heartbeat is stale.
    await sleep(500)

    worker = await startAppProcess('worker-2', 'worker', env)
    const workerBackInMs = Date.now() - killedAt
    const done = await imported(big.id)
    const importDoneInMs = Date.now() - killedAt
    await waitFor(
      'the analyses',
      async () => ((await pendingRuns()) === 0 ? true : undefined),
      90_000,
      250,
    )
    const recoveredInMs = Date.now() - killedAt

    // The import: every row written once, counted once, and reported done.
    expect(done).toMatchObject({
      status: 'done',
      progress: { rows_done: BIG_IMPORT_ROWS, rows_total: BIG_IMPORT_ROWS },
      result: { create: BIG_IMPORT_ROWS, update: 0, unchanged: 0, error: 0 },
    })
    const { rows: dealCounts } = await db.query<{ rows: number; ids: number }>(
      "select count(*)::int as rows, count(distinct remote_id)::int as ids from deals where remote_id like 'big-%'",
    )
    expect(dealCounts[0]).toEqual({ rows: BIG_IMPORT_ROWS, ids: BIG_IMPORT_ROWS })
    const { rows: history } = await db.query<{ rows: number }>(
      "select count(*)::int as rows from deal_stage_history h join deals d on d.id = h.deal_id where d.remote_id like 'big-%'",
    )
    expect(history[0]?.rows).toBe(BIG_IMPORT_ROWS)

    // The jobs the dead worker held ran again and completed; no job failed. A killed analysis
    // may still wait out its retry delay (10 s) when the deal's runs are already done: a later
    // job of the same deal can analyse it first.
    const killedJobs = await waitFor(
      'the killed jobs to run again',
      async () => {
        const { rows } = await db.query<{ name: string; state: string; retry_count: number }>(
          'select name, state, retry_count from pgboss.job where id = any($1::uuid[])',
          [active.map((job) => job.id)],
        )
        return rows.every((job) => job.state === 'completed' || job.state === 'failed')
          ? rows
          : undefined
      },
      60_000,
      250,
    )
    expect(killedJobs).toHaveLength(active.length)
    for (const job of killedJobs) {
      expect(job).toMatchObject({ state: 'completed' })
      expect(job.retry_count).toBeGreaterThanOrEqual(1)
    }
    const { rows: failedJobs } = await db.query(
      "select name, output from pgboss.job where state = 'failed'",
    )
    expect(failedJobs).toEqual([])

    // The analyses: every run done, and the deals' results exactly what one run gave.
    const { rows: runs } = await db.query<{ status: string; runs: number }>(
      'select status, count(*)::int as runs from analysis_runs group by status',
    )
    expect(runs).toEqual([{ status: 'done', runs: ANALYSED_DEALS * 2 }])
    const again = await analysisRows(db)
    expect(again.duplicates).toBe(0)
    expect(again.objections).toEqual(once.objections)
    expect(again.actionResults).toEqual(once.actionResults)

    // The reads: every one answered, by both servers, before, during and after the kill.
    await load.stop()
    expect(load.statuses.length).toBeGreaterThan(20)
    expect(load.statuses.filter((status) => status < 200 || status > 299)).toEqual([])
    const served = proxy.served()
    expect(Math.min(...served)).toBeGreaterThan(10)
    console.info(
      `scale-out: ${load.statuses.length} reads answered (servers: ${served.join(' / ')} requests); ` +
        `killed the worker at ${halfDone?.rows_done}/${BIG_IMPORT_ROWS} rows with ${active.length} jobs active; ` +
        `a new worker was ready ${seconds(workerBackInMs)}, the import done ${seconds(importDoneInMs)} ` +
        `and the analyses ${seconds(recoveredInMs)} after the kill`,
    )
  }, 180_000)
})

/** The analysed deals' results, without ids or times, in a stable order, and any duplicates. */
async function analysisRows(db: pg.Client) {
  const { rows: objections } = await db.query(
    `select d.remote_id, o.engagement_id, o.utterance_index, o.objection_type_id, o.text, o.handled
       from objections o join deals d on d.id = o.deal_id
      where d.remote_id like 'a-%'
      order by 1, 2, 3, 4`,
  )
  const { rows: actionResults } = await db.query(
    `select d.remote_id, r.action_id, r.engagement_id, r.status
       from action_results r join deals d on d.id = r.deal_id
      where d.remote_id like 'a-%'
      order by 1, 2, 3, 4`,
  )
  const { rows: duplicates } = await db.query<{ duplicates: number }>(
    `select (
       (select count(*) from (select 1 from objections
          group by deal_id, engagement_id, utterance_index, objection_type_id having count(*) > 1) o)
     + (select count(*) from (select 1 from action_results
          group by deal_id, action_id, engagement_id having count(*) > 1) r)
     )::int as duplicates`,
  )
  return { objections, actionResults, duplicates: duplicates[0]?.duplicates ?? 0 }
}
