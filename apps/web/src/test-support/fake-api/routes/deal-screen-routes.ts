import { type DealActivity, dealActivityResponseSchema } from '@dealcoach/contracts/deal-activity'
import { dealContactsResponseSchema } from '@dealcoach/contracts/deals'
import {
  type EngagementDetail,
  engagementDetailSchema,
  engagementQuerySchema,
  isEngagementOfType,
} from '@dealcoach/contracts/engagements'
import {
  solutionFitJustificationCodeSchema,
  solutionFitScoringSchema,
} from '@dealcoach/contracts/intelligence'
import { z } from 'zod'
import type { SolutionFit } from '@/entities/deal/api/solution-fit-api'
import type { FakeApiState } from '../fake-api-state'
import { answer, errorAnswer, notFound, route } from '../fake-route'

// The deal screen's reads (issue 12): the deal's activity, its contacts with how engaged they are,
// one engagement in full, and the solution fit over POST /graphql.

export interface FakeDealScreenArea {
  /** Deal id → its engagements' action results, as GET /v1/deals/{id}/activity answers them. */
  activity: Record<string, DealActivity['activity']>
  /** Engagement id → its utterances or body; others answer from their summary with neither. */
  details: Record<string, Pick<EngagementDetail, 'utterances' | 'body' | 'subject'>>
  /** Deal id → its solution fit; a deal without one answers null (no scoring). */
  solutionFits: Record<string, SolutionFit>
  /** Contact id → how engaged the contact is. */
  contactEngagement: Record<string, { engagement_count: number; last_engaged_at: string | null }>
}

export const initialDealScreenArea = (): FakeDealScreenArea => ({
  activity: {},
  details: {},
  solutionFits: {},
  contactEngagement: {},
})

const engagementRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string().nullable(),
  type: z.string(),
})

/** The answer of the deal solution-fit query, as the server's GraphQL schema types it. */
export const dealSolutionFitAnswerSchema = z.object({
  data: z.object({
    deal: z
      .object({
        id: z.string(),
        solutionFit: z
          .object({
            tier: z.number().int().min(1).max(4),
            scoring: z.array(
              solutionFitScoringSchema.omit({ justification_code: true }).extend({
                type: z.string(),
                justificationCode: solutionFitJustificationCodeSchema.nullable().optional(),
                evidenceRefs: z.array(
                  z.object({
                    engagement: engagementRefSchema,
                    new: z.boolean(),
                    role: z.enum(['seller', 'buyer', 'unknown']),
                    speaker: z.string(),
                    text: z.string(),
                  }),
                ),
              }),
            ),
          })
          .nullable(),
      })
      .nullable(),
  }),
})

const graphqlBodySchema = z.object({
  query: z.string().min(1),
  variables: z.record(z.string(), z.unknown()).optional(),
  operationName: z.string().optional(),
})

const dealOf = (state: FakeApiState, id: string) =>
  state.dealsArea.deals.find((deal) => deal.id === id)

export const dealScreenRoutes = [
  route('GET', '/v1/deals/:id/activity', {
    answers: { 200: dealActivityResponseSchema },
    handle: ({ params }, state) => {
      const deal = dealOf(state, (params as { id: string }).id)
      if (!deal) return notFound('Deal')
      return answer(200, {
        models: [
          {
            deal_id: deal.id,
            deal_name: deal.name,
            activity: state.dealScreen.activity[deal.id] ?? [],
          },
        ],
      })
    },
  }),
  route('GET', '/v1/deals/:id/contacts', {
    answers: { 200: dealContactsResponseSchema },
    handle: ({ params }, state) => {
      const deal = dealOf(state, (params as { id: string }).id)
      if (!deal) return notFound('Deal')
      return answer(200, {
        models: (deal.contacts ?? []).map((contact) => ({
          ...contact,
          ...(state.dealScreen.contactEngagement[contact.id] ?? {
            engagement_count: 0,
            last_engaged_at: null,
          }),
        })),
      })
    },
  }),
  route('GET', '/v1/engagements/:id', {
    query: engagementQuerySchema,
    answers: { 200: engagementDetailSchema },
    handle: ({ params, query }, state) => {
      const id = (params as { id: string }).id
      const summary = state.dealsArea.engagements.find((candidate) => candidate.id === id)
      if (!summary || !isEngagementOfType(summary.type, query.engagement_type)) {
        return notFound('Engagement')
      }
      return answer(200, {
        ...summary,
        utterances: [],
        body: '',
        ...state.dealScreen.details[id],
      })
    },
  }),
  route('POST', '/graphql', {
    body: graphqlBodySchema,
    answers: { 200: dealSolutionFitAnswerSchema },
    handle: ({ body }, state) => {
      const id = body.variables?.id
      if (!body.query.includes('solutionFit') || typeof id !== 'string') {
        return errorAnswer(400, 'graphql_unsupported', 'The fake serves the solution-fit query')
      }
      const deal = dealOf(state, id)
      return answer(200, {
        data: {
          deal: deal ? { id, solutionFit: state.dealScreen.solutionFits[id] ?? null } : null,
        },
      })
    },
  }),
]
