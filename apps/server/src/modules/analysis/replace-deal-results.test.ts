import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionResults, dealAssessments, objections } from '../../db/schema/analysis.js'
import { analyseTranscript, createDeal, workspace } from '../../test-support/assessment-fixtures.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'
import { replaceDealResults } from './analysis.repository.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('replacing a deal’s analysis results', () => {
  let test: TestApp
  let organisationId: string
  let dealId: string

  beforeAll(async () => {
    test = await createTestApp({ RUN_WORKERS: 'false' })
    const space = await workspace(test.app)
    organisationId = space.admin.organisationId
    dealId = await createDeal(test.app, space)
    await analyseTranscript(test.app, space.admin, dealId)
  })

  afterAll(async () => {
    await test.close()
  })

  const rowsOf = async () => {
    const db = test.app.db
    return {
      actionResults: await db.select().from(actionResults).where(eq(actionResults.dealId, dealId)),
      objections: await db.select().from(objections).where(eq(objections.dealId, dealId)),
    }
  }

  it('leaves one run’s rows when two runs of the deal replace them at once (ADR 0020)', async () => {
    const before = await rowsOf()
    expect(before.actionResults.length).toBeGreaterThan(0)
    expect(before.objections.length).toBeGreaterThan(0)
    const [assessment] = await test.app.db
      .select()
      .from(dealAssessments)
      .where(eq(dealAssessments.dealId, dealId))
    if (!assessment) throw new Error('the deal has no assessment')
    // What a second run of the same analysis writes: the same rows, new ones.
    const { id: _a, computedAt: _c, ...newAssessment } = assessment
    const results = () => ({
      actionResults: before.actionResults.map(({ id: _id, createdAt: _at, ...row }) => row),
      objections: before.objections.map(({ id: _id, createdAt: _at, ...row }) => row),
      assessment: newAssessment,
    })

    // The first run has replaced the rows and not yet committed when the second one starts.
    let commitFirst = () => undefined as void
    const held = new Promise<void>((resolve) => {
      commitFirst = resolve
    })
    const first = test.app.db.transaction(async (tx) => {
      await replaceDealResults(tx, organisationId, dealId, results())
      await held
    })
    await sleep(100)
    const second = test.app.db.transaction((tx) =>
      replaceDealResults(tx, organisationId, dealId, results()),
    )
    await sleep(200)
    commitFirst()
    await Promise.all([first, second])

    const after = await rowsOf()
    expect(after.actionResults).toHaveLength(before.actionResults.length)
    expect(after.objections).toHaveLength(before.objections.length)
  })
})
