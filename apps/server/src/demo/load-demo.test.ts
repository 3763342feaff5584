import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analysisRuns } from '../db/schema/analysis.js'
import { deals, dealStageHistory } from '../db/schema/deals.js'
import { engagements } from '../db/schema/engagements.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { demoCredentialsFile, resetDemoWorkspace } from './demo-startup.js'
import { DEMO_ADMIN_EMAIL, DEMO_MEMBER_EMAIL } from './generate-demo.js'
import { loadDemo } from './load-demo.js'

describe('the demo workspace', () => {
  let test: TestApp
  beforeAll(async () => {
    // Workers off: the test checks what loading writes, not the analyses it queues.
    test = await createTestApp({ RUN_WORKERS: 'false' })
  })
  afterAll(() => test.close())

  const rows = async (table: typeof deals | typeof engagements | typeof analysisRuns) => {
    const [row] = await test.app.db.select({ n: count() }).from(table)
    return row?.n ?? 0
  }

  it('loads deals, histories and evidence, queues their analysis, and lets the admin and the reps sign in', async () => {
    const started = Date.now()
    const demo = await loadDemo(test.app.db, test.app.services, {
      password: 'demo-test-password-7731',
    })
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(demo.deals).toBe(240)
    expect(await rows(deals)).toBe(240)
    expect(await rows(engagements)).toBe(demo.engagements)
    expect(await rows(analysisRuns)).toBe(240)
    const [demoDeal] = await test.app.db.select().from(deals).limit(1)
    expect(demoDeal?.source).toBe('demo')
    // The buyer company is the deal's account; its name starts with the company's first words.
    expect(demoDeal?.accountName).toBeTruthy()
    expect(demoDeal?.name.startsWith(demoDeal.accountName?.split(' ')[0] ?? '?')).toBe(true)
    const history = await test.app.db
      .select()
      .from(dealStageHistory)
      .where(eq(dealStageHistory.dealId, demoDeal?.id ?? ''))
    // The latest change leads to the stage the deal is in now.
    const latest = history.sort((a, b) => +a.changedAt - +b.changedAt).at(-1)
    expect(latest?.toStageId).toBe(demoDeal?.stageId)

    for (const email of [DEMO_ADMIN_EMAIL, DEMO_MEMBER_EMAIL]) {
      const login = await test.app.inject({
        method: 'POST',
        url: '/auth/email-login',
        payload: { email, password: 'demo-test-password-7731' },
      })
      expect(login.statusCode, email).toBe(200)
      const me = await test.app.inject({
        method: 'GET',
        url: '/v1/users/me',
        headers: { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` },
      })
      expect(me.json<{ role: string }>().role).toBe(email === DEMO_ADMIN_EMAIL ? 'admin' : 'member')
      const checklist = await test.app.inject({
        method: 'GET',
        url: '/v1/app-setting/onboarding_checklist',
        headers: { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` },
      })
      // A set-up workspace: its admin lands on the dashboard rather than on onboarding.
      const { completed, total } = checklist.json<{ completed: number; total: number }>()
      expect(completed).toBe(total)
    }
  })

  it('resets the demo with a new password kept in DATA_DIR', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dealcoach-demo-'))
    try {
      const config = { ...test.config, dataDir }
      const reset = await resetDemoWorkspace({
        config,
        db: test.app.db,
        services: test.app.services,
      })
      expect(await rows(deals)).toBe(240)
      expect((await readFile(demoCredentialsFile(config), 'utf8')).split('\n')).toEqual([
        DEMO_ADMIN_EMAIL,
        reset.password,
        DEMO_MEMBER_EMAIL,
        '',
      ])
      const login = await test.app.inject({
        method: 'POST',
        url: '/auth/email-login',
        payload: { email: DEMO_ADMIN_EMAIL, password: reset.password },
      })
      expect(login.statusCode).toBe(200)
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
