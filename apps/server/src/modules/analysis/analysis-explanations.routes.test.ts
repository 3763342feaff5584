import type { DealAnalysisBody } from '@dealcoach/contracts/analysis'
import type { DealActivityResponse } from '@dealcoach/contracts/deal-activity'
import { DEAL_SOLUTION_FIT_SELECTION } from '@dealcoach/contracts/graphql'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analyseTranscript, createDeal, workspace } from '../../test-support/assessment-fixtures.js'
import { callAs } from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'
import { actionResults } from '../../db/schema/analysis.js'
import { graphql } from '../../graphql/graphql-test-helpers.js'

// The app says an analysis's sentences in the reader's language from their codes and values: the
// analysis stores them and answers them beside the English, which API clients keep reading.

const FIT_QUERY = /* GraphQL */ `
  query DealSolutionFit($id: ID!) {
    deal(id: $id) {
      id
      ${DEAL_SOLUTION_FIT_SELECTION}
    }
  }
`

interface FitAnswer {
  deal: { solutionFit: { scoring: { type: string; justificationCode: string | null }[] } | null }
}

describe('deal analysis explanations', () => {
  let testApp: TestApp
  let app: FastifyInstance

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    app = testApp.app
    await app.ready()
  })
  afterAll(() => testApp.close())

  it('answers the codes and params of action results and justifications, and the English for older results', async () => {
    const space = await workspace(app)
    const dealId = await createDeal(app, space)
    await analyseTranscript(app, space.admin, dealId)
    const analysisOf = async () => {
      const response = await callAs(app, space.admin, 'GET', `/v1/deals/${dealId}/analysis`)
      expect(response.statusCode, response.body).toBe(200)
      return response.json<DealAnalysisBody>()
    }

    const analysis = await analysisOf()
    expect(analysis.action_results.length).toBeGreaterThan(0)
    for (const result of analysis.action_results) {
      expect(result.summary_code).toEqual(expect.any(String))
      expect(result.summary_params).toEqual(expect.any(Object))
      expect(result.status_description_code).toEqual(expect.any(String))
      expect(result.status_description_params).toEqual(expect.any(Object))
      expect(result.summary).not.toBe('')
      expect(result.status_description).not.toBe('')
    }
    const withQuote = analysis.action_results.find((r) => r.summary_code === 'sentences_about')
    expect(typeof withQuote?.summary_params?.count).toBe('number')
    expect(withQuote?.summary_params?.action).toBe(withQuote?.action)
    const scoring = analysis.solution_fit?.scoring ?? []
    expect(scoring).toHaveLength(4)
    for (const entry of scoring) expect(entry.justification_code).toEqual(expect.any(String))

    const answer = await graphql<FitAnswer>(app, space.admin, FIT_QUERY, { id: dealId })
    expect(answer.errors).toBeUndefined()
    const codes = answer.data?.deal.solutionFit?.scoring.map(({ type, justificationCode }) => ({
      type,
      justificationCode,
    }))
    expect(codes).toEqual(
      scoring.map((entry) => ({ type: entry.type, justificationCode: entry.justification_code })),
    )

    // The deal's activity lists the same results under the engagements that moved them.
    const activity = await callAs(app, space.admin, 'GET', `/v1/deals/${dealId}/activity`)
    expect(activity.statusCode, activity.body).toBe(200)
    const listed = activity
      .json<DealActivityResponse>()
      .models.flatMap((model) => model.activity.flatMap((entry) => entry.actions))
    expect(listed.length).toBeGreaterThan(0)
    for (const action of listed) {
      const analysed = analysis.action_results.find((r) => r.action_id === action.action_id)
      expect(action).toMatchObject({
        summary_code: analysed?.summary_code,
        summary_params: analysed?.summary_params,
        status_description_code: analysed?.status_description_code,
        status_description_params: analysed?.status_description_params,
      })
    }

    // A result stored before the codes existed answers its English alone.
    await app.db
      .update(actionResults)
      .set({
        summaryCode: null,
        summaryParams: null,
        statusDescriptionCode: null,
        statusDescriptionParams: null,
      })
      .where(eq(actionResults.dealId, dealId))
    const older = await analysisOf()
    for (const result of older.action_results) {
      expect(result).not.toHaveProperty('summary_code')
      expect(result).not.toHaveProperty('summary_params')
      expect(result).not.toHaveProperty('status_description_code')
      expect(result).not.toHaveProperty('status_description_params')
      expect(result.summary).not.toBe('')
    }
  })
})
