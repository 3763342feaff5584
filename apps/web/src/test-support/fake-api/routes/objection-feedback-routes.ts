import {
  type ObjectionFeedback,
  objectionFeedbackBodySchema,
  objectionFeedbackListResponseSchema,
  objectionFeedbackParamsSchema,
  objectionFeedbackQuerySchema,
  objectionFeedbackSchema,
  objectionIdParamsSchema,
  promoteObjectionBodySchema,
} from '@dealcoach/contracts/objection-analysis'
import { objectionTypeSchema } from '@dealcoach/contracts/objections'
import type { DealAnalysis } from '@/entities/deal/api/types'
import type { FakeApiState, FakeObjectionFeedback } from '../fake-api-state'
import { fakeId } from '../fake-id'
import { answer, errorAnswer, notFound, page, route, validationFailed } from '../fake-route'
import { refuseMember } from './refuse-member'

// Corrections of detected objections (issue 14): any user may say "not an objection" or "another
// type" (a new correction replaces the last), undo it, and list them; admins promote a quote to an
// example of a type.

const typeRef = (state: FakeApiState, id: string | null | undefined) => {
  const type = id ? state.objectionTypes.find((candidate) => candidate.id === id) : undefined
  return type ? { id: type.id, name: type.name } : null
}

/** An objection of a deal's analysis (the deal screen's), as the report's would name it. */
function dealObjection(state: FakeApiState, id: string) {
  for (const [dealId, analysis] of Object.entries(state.dealsArea.analyses)) {
    const found = analysis.objections.find((objection) => objection.id === id)
    if (found) {
      const deal = state.dealsArea.deals.find((candidate) => candidate.id === dealId)
      return { ...found, deal_id: dealId, deal_name: deal?.name ?? '' }
    }
  }
  return undefined
}

/** A detected objection, the report's or a deal analysis's: both can be corrected. */
const findObjection = (state: FakeApiState, id: string) =>
  state.objections.find((candidate) => candidate.id === id) ?? dealObjection(state, id)

/** The latest correction of each objection: the one that holds. */
const latestCorrection = (state: FakeApiState, objectionId: string) =>
  state.objectionFeedback.findLast((feedback) => feedback.objection_id === objectionId)

/**
 * A deal's analysis as the server answers it after corrections: rejected objections are left out
 * at once, and retyped ones are shown under their new type (the re-analysis follows later).
 */
export function withCorrections(state: FakeApiState, analysis: DealAnalysis): DealAnalysis {
  const objections = analysis.objections.flatMap((objection) => {
    const correction = latestCorrection(state, objection.id)
    if (!correction) return [objection]
    if (correction.verdict === 'not_objection') return []
    const type = typeRef(state, correction.corrected_type_id)
    const feedback = {
      id: correction.id,
      verdict: correction.verdict,
      original_type_id: objection.objection_type_id,
    }
    return type
      ? [{ ...objection, objection_type_id: type.id, type_name: type.name, feedback }]
      : [objection]
  })
  return { ...analysis, objections }
}

/** A correction as GET /v1/objections/feedback lists it. */
function feedbackModel(state: FakeApiState, feedback: FakeObjectionFeedback): ObjectionFeedback {
  const objection = findObjection(state, feedback.objection_id)
  const user = state.users.find((candidate) => candidate.id === feedback.user_id)
  return {
    id: feedback.id,
    objection_id: feedback.objection_id,
    verdict: feedback.verdict,
    quote: objection?.text ?? '',
    original_type: typeRef(state, objection?.objection_type_id),
    corrected_type: typeRef(state, feedback.corrected_type_id),
    deal: {
      id: objection?.deal_id ?? feedback.objection_id,
      name: objection?.deal_name ?? '',
    },
    engagement_id: objection?.engagement_id ?? feedback.objection_id,
    user: user ? { id: user.id, name: `${user.first_name} ${user.last_name}`.trim() } : null,
    created_at: feedback.created_at,
  }
}

const activeType = (state: FakeApiState, id: string | undefined) =>
  state.objectionTypes.find((type) => type.id === id && type.active && !type.deleted)

export const objectionFeedbackRoutes = [
  route('GET', '/v1/objections/feedback', {
    query: objectionFeedbackQuerySchema,
    answers: { 200: objectionFeedbackListResponseSchema },
    handle: ({ query }, state) => {
      const newestFirst = [...state.objectionFeedback].reverse()
      return answer(
        200,
        page(
          newestFirst.map((feedback) => feedbackModel(state, feedback)),
          query.page,
          query.page_size,
        ),
      )
    },
  }),
  route('POST', '/v1/objections/:id/feedback', {
    params: objectionIdParamsSchema,
    body: objectionFeedbackBodySchema,
    answers: { 201: objectionFeedbackSchema },
    handle: ({ params, body }, state) => {
      const objection = findObjection(state, params.id)
      if (!objection) return notFound('Objection')
      if (body.verdict === 'other_type' && body.objection_type_id === objection.objection_type_id) {
        return validationFailed([
          { path: 'body.objection_type_id', message: 'is the type the objection already has' },
        ])
      }
      if (body.verdict === 'other_type' && !activeType(state, body.objection_type_id)) {
        return errorAnswer(
          400,
          'objection_type_unknown',
          'objection_type_id: is not an active objection type of your organisation',
          [{ path: 'body.objection_type_id', message: 'is not an active objection type' }],
        )
      }
      const feedback: FakeObjectionFeedback = {
        id: fakeId(),
        objection_id: params.id,
        verdict: body.verdict,
        corrected_type_id: body.verdict === 'other_type' ? (body.objection_type_id ?? null) : null,
        user_id: state.me.id,
        created_at: new Date().toISOString(),
      }
      // A new correction replaces the last one of the same objection.
      state.objectionFeedback = [
        ...state.objectionFeedback.filter((earlier) => earlier.objection_id !== params.id),
        feedback,
      ]
      return answer(201, feedbackModel(state, feedback))
    },
  }),
  route('DELETE', '/v1/objections/feedback/:id', {
    params: objectionFeedbackParamsSchema,
    answers: { 204: null },
    handle: ({ params }, state) => {
      const feedback = state.objectionFeedback.find((candidate) => candidate.id === params.id)
      if (!feedback) return notFound('Objection feedback')
      // Members take back their own corrections; admins anyone's.
      if (state.me.role !== 'admin' && feedback.user_id !== state.me.id) {
        return errorAnswer(403, 'forbidden', 'You may take back only your own corrections.')
      }
      state.objectionFeedback = state.objectionFeedback.filter(
        (candidate) => candidate.id !== params.id,
      )
      return answer(204)
    },
  }),
  route('POST', '/v1/objections/:id/promote', {
    params: objectionIdParamsSchema,
    body: promoteObjectionBodySchema,
    answers: { 200: objectionTypeSchema },
    handle: ({ params, body }, state) => {
      const refused = refuseMember(state)
      if (refused) return refused
      const objection = state.objections.find((candidate) => candidate.id === params.id)
      if (!objection) return notFound('Objection')
      const typeId = body.objection_type_id ?? objection.objection_type_id
      const type = state.objectionTypes.find((candidate) => candidate.id === typeId)
      if (!type || type.deleted) return notFound('Objection type')
      if (type.examples.includes(objection.text)) {
        return errorAnswer(409, 'objection_example_exists', 'The type has this example already.')
      }
      const promoted = {
        ...type,
        examples: [...type.examples, objection.text],
        updated_at: new Date().toISOString(),
      }
      state.objectionTypes = state.objectionTypes.map((candidate) =>
        candidate.id === typeId ? promoted : candidate,
      )
      return answer(200, promoted)
    },
  }),
]
