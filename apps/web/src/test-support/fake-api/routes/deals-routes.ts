import {
  analysisProgressSchema,
  analysisQueuedSchema,
  dealAnalysisBodySchema,
} from '@dealcoach/contracts/analysis'
import { dealParamsSchema, dealSchema, dealsResponseSchema } from '@dealcoach/contracts/deals'
import {
  createEngagementResponseSchema,
  engagementPreviewSchema,
  engagementsResponseSchema,
} from '@dealcoach/contracts/engagements'
import type {
  AnalysisProgress,
  Deal,
  DealAnalysis,
  DealContact,
  DealInput,
  EngagementSummary,
} from '@/entities/deal/api/types'
import type { FakeApiState } from '../fake-api-state'
import { fakeId } from '../fake-id'
import { filterDeals, orderDeals } from './deal-list-filter'
import { answer, errorAnswer, notFound, route, validationFailed } from '../fake-route'
import { withCorrections } from './objection-feedback-routes'

// Deals, their engagements and the engine's analysis (issue 11), with the state a test can steer:
// an analysis queued by an upload runs for `pollsUntilFinished` reads, then ends as `outcome`.

export interface FakeDealsArea {
  deals: Deal[]
  engagements: EngagementSummary[]
  analyses: Record<string, DealAnalysis>
  /** How many GETs of a queued analysis pass before it finishes. */
  pollsUntilFinished: number
  outcome: 'done' | 'failed'
  /** Reads left per deal before its analysis finishes. */
  pending: Record<string, number>
  /** The organisation's background analyses: each read finishes one pending run. */
  progress: AnalysisProgress
  /** How many times the progress was read, so a test can see polling start and stop. */
  progressReads: number
}

export const idleProgress = (): AnalysisProgress => ({
  pending: 0,
  done: 0,
  failed: 0,
  total: 0,
  reason: null,
})

export const initialDealsArea = (): FakeDealsArea => ({
  deals: [],
  engagements: [],
  analyses: {},
  pollsUntilFinished: 1,
  outcome: 'done',
  pending: {},
  progress: idleProgress(),
  progressReads: 0,
})

export const noAnalysis = (dealId: string): DealAnalysis => ({
  deal_id: dealId,
  status: 'none',
  run_id: null,
  analysed_at: null,
  engine_version: null,
  error: null,
  action_results: [],
  objections: [],
  solution_fit: null,
  confidence: null,
  risks: [],
})

/** What the fake engine finds in any call: one action done, one objection handled. */
function analysedResults(state: FakeApiState, deal: Deal): Partial<DealAnalysis> {
  const pipeline = state.pipelines.find((candidate) => candidate.id === deal.pipeline_id)
  const action = pipeline?.actions[0]
  return {
    analysed_at: new Date().toISOString(),
    engine_version: 'fake-1',
    action_results: action
      ? [
          {
            action_id: action.action_id,
            action: action.name,
            stage_id: action.stage_id ?? deal.stage_id,
            status: 'Completed',
            summary: 'The buyer described the pain of manual reporting.',
            status_description: '',
            results: [{ type: 'transcript', result: 'We lose two days a month on reports.' }],
            engagement_id: null,
          },
        ]
      : [],
    objections: [
      {
        id: fakeId(),
        objection_type_id: fakeId(),
        type_name: 'Price',
        engagement_id: fakeId(),
        utterance_index: 3,
        text: 'That seems expensive for us.',
        speaker: 'Bob',
        handled: true,
        handling_score: 0.8,
        response: 'It pays for itself within a quarter.',
        occurred_at: new Date().toISOString(),
        feedback: null,
      },
    ],
    solution_fit: { tier: 2, scoring: [] },
    confidence: { score: 72, factors: [] },
  }
}

const area = (state: FakeApiState) => state.dealsArea

function withIncludes(state: FakeApiState, deal: Deal): Deal {
  const pipeline = state.pipelines.find((candidate) => candidate.id === deal.pipeline_id)
  const stage = pipeline?.stages.find((candidate) => candidate.stage_id === deal.stage_id)
  const owner = state.users.find((user) => user.id === deal.owner_id)
  return {
    ...deal,
    stage: stage ? { id: stage.stage_id, name: stage.name } : undefined,
    owner: owner
      ? { id: owner.id, first_name: owner.first_name, last_name: owner.last_name }
      : null,
    contacts: deal.contacts ?? [],
  }
}

/** The server's checks of a deal's input: a name, a stage of the pipeline, an owner of the team. */
function refuse(state: FakeApiState, input: Partial<DealInput>, existing?: Deal) {
  const pipelineId = input.pipeline_id ?? existing?.pipeline_id
  const pipeline = state.pipelines.find((candidate) => candidate.id === pipelineId)
  if (!pipeline)
    return validationFailed([{ path: 'body.pipeline_id', message: 'Unknown pipeline' }])
  const stageId = input.stage_id ?? existing?.stage_id
  if (!pipeline.stages.some((stage) => stage.stage_id === stageId)) {
    return validationFailed([
      { path: 'body.stage_id', message: 'The stage does not belong to the pipeline' },
    ])
  }
  if (input.owner_id && !state.users.some((user) => user.id === input.owner_id)) {
    return validationFailed([{ path: 'body.owner_id', message: 'Unknown user' }])
  }
  if (input.name !== undefined && input.name.trim() === '') {
    return validationFailed([
      { path: 'body.name', message: 'Too small: expected string to have >=1 characters' },
    ])
  }
  const isAdmin = state.me.role === 'admin'
  if (
    !isAdmin &&
    (existing ? existing.owner_id : (input.owner_id ?? state.me.id)) !== state.me.id
  ) {
    return errorAnswer(403, 'not_deal_owner', 'Only the deal’s owner can change it.')
  }
  return null
}

const contactsOf = (input: DealInput['contacts']): DealContact[] =>
  (input ?? []).map((contact) => ({
    id: contact.id ?? fakeId(),
    name: contact.name,
    email: contact.email ?? null,
    title: contact.title ?? null,
    role: contact.role ?? null,
  }))

function queueAnalysis(state: FakeApiState, dealId: string) {
  const current = area(state).analyses[dealId] ?? noAnalysis(dealId)
  area(state).analyses[dealId] = { ...current, status: 'queued', run_id: fakeId(), error: null }
  area(state).pending[dealId] = area(state).pollsUntilFinished
}

/** As the server: what the analysis reads (stage, status, close date, contacts) changed. */
function changesAnalysedFacts(before: Deal, after: Deal): boolean {
  const analysed = (deal: Deal) =>
    JSON.stringify([
      deal.pipeline_id,
      deal.stage_id,
      deal.status,
      deal.close_date,
      (deal.contacts ?? []).map(({ name, email, title, role }) => [name, email, title, role]),
    ])
  return analysed(before) !== analysed(after)
}

interface EngagementBody {
  type?: 'transcript' | 'email'
  text?: string
  subject?: string
  roles?: Record<string, string>
  name?: string
  occurred_at?: string
  /** A list, or its JSON text in a form. */
  add_contacts?: string[] | string
}

/** The speakers an upload adds to the deal's contacts, by name alone, as the server does. */
function addContacts(deal: Deal, input: EngagementBody) {
  const { add_contacts: asked } = input
  const names = (typeof asked === 'string' ? JSON.parse(asked) : (asked ?? [])) as string[]
  deal.contacts = [
    ...(deal.contacts ?? []),
    ...names.map((name) => ({ id: fakeId(), name, email: null, title: null, role: null })),
  ]
}

/**
 * Speakers in "Name: text" lines; Ada (the signed-in user) sells, the deal's contacts buy, and,
 * as the server proposes, anyone else buys on a call a seller speaks in.
 */
function speakersIn(state: FakeApiState, deal: Deal, text: string) {
  const lines = text.split('\n').map((line) => /^([^:]{1,40}):\s*(.+)$/.exec(line.trim()))
  const speakers = new Map<string, { count: number; sample: string }>()
  for (const match of lines) {
    if (!match?.[1] || !match[2]) continue
    const entry = speakers.get(match[1]) ?? { count: 0, sample: match[2] }
    speakers.set(match[1], { ...entry, count: entry.count + 1 })
  }
  const isUser = (speaker: string) => state.users.some((user) => speaker === user.first_name)
  const sellerSpeaks = [...speakers.keys()].some(isUser)
  return [...speakers].map(([speaker, { count, sample }]) => {
    const isContact = (deal.contacts ?? []).some((contact) => contact.name.startsWith(speaker))
    return {
      speaker,
      proposed_role: isUser(speaker)
        ? ('seller' as const)
        : isContact || sellerSpeaks
          ? ('buyer' as const)
          : ('unknown' as const),
      matched: isUser(speaker) ? ('user' as const) : isContact ? ('contact' as const) : null,
      utterance_count: count,
      sample,
    }
  })
}

const engagementName = (body: EngagementBody) =>
  body.type === 'email' ? (body.subject ?? 'E-mail') : 'Pasted transcript'

/** The fake's stand-in for the server's content hash: an upload's default name on the deal. */
const earlierUpload = (state: FakeApiState, dealId: string, input: EngagementBody) =>
  area(state).engagements.find(
    (engagement) => engagement.deal_id === dealId && engagement.name === engagementName(input),
  )

function readEngagement(state: FakeApiState, dealId: string, body: unknown) {
  const deal = area(state).deals.find((candidate) => candidate.id === dealId)
  if (!deal) return { refusal: notFound('Deal') }
  const input = (body ?? {}) as EngagementBody
  if (input.type === 'transcript' && !input.text?.includes(':')) {
    return {
      refusal: errorAnswer(400, 'invalid_file', 'The file could not be read.', [
        { path: 'text', message: 'line 1: expected "Speaker: text"', params: { line: 1 } },
      ]),
    }
  }
  return { deal, input }
}

export const dealsRoutes = [
  route('GET', '/v1/deals', {
    answers: { 200: dealsResponseSchema },
    handle: ({ query }, state) => {
      const q = query as Record<string, string>
      const page = Number(q.page ?? 1)
      const perPage = Number(q.per_page ?? q.perPage ?? 30)
      const assessed = (q.includes ?? '').includes('assessment')
      const rows = orderDeals(filterDeals(area(state).deals, q), q).map((deal) => ({
        ...withIncludes(state, deal),
        ...(assessed ? { assessment: deal.assessment ?? null } : {}),
      }))
      return answer(200, {
        data: rows.slice((page - 1) * perPage, page * perPage),
        pagination: { page, page_size: perPage, total: rows.length },
      })
    },
  }),
  route('POST', '/v1/deals', {
    answers: { 201: dealSchema },
    handle: ({ body }, state) => {
      const input = body as DealInput
      const refusal = refuse(state, input)
      if (refusal) return refusal
      const now = new Date().toISOString()
      const deal: Deal = {
        id: fakeId(),
        pipeline_id: input.pipeline_id,
        stage_id: input.stage_id,
        owner_id: input.owner_id ?? state.me.id,
        name: input.name,
        account_name: input.account_name ?? null,
        amount: input.amount ?? null,
        currency: input.currency ?? 'USD',
        close_date: input.close_date ?? null,
        status: input.status ?? 'open',
        source: 'manual',
        last_activity_at: null,
        confidence: null,
        created_at: now,
        updated_at: now,
        contacts: contactsOf(input.contacts),
      }
      area(state).deals.unshift(deal)
      return answer(201, withIncludes(state, deal))
    },
  }),
  route('GET', '/v1/deals/:id', {
    params: dealParamsSchema,
    answers: { 200: dealSchema },
    handle: ({ params }, state) => {
      const deal = area(state).deals.find((candidate) => candidate.id === params.id)
      return deal ? answer(200, withIncludes(state, deal)) : notFound('Deal')
    },
  }),
  route('PATCH', '/v1/deals/:id', {
    answers: { 200: dealSchema },
    handle: ({ params, body }, state) => {
      const id = (params as { id: string }).id
      const deal = area(state).deals.find((candidate) => candidate.id === id)
      if (!deal) return notFound('Deal')
      const input = body as Partial<DealInput>
      const refusal = refuse(state, input, deal)
      if (refusal) return refusal
      const saved: Deal = {
        ...deal,
        ...input,
        contacts: input.contacts ? contactsOf(input.contacts) : deal.contacts,
        updated_at: new Date().toISOString(),
      }
      area(state).deals = area(state).deals.map((candidate) =>
        candidate.id === id ? saved : candidate,
      )
      const hasEvidence = area(state).engagements.some((engagement) => engagement.deal_id === id)
      if (hasEvidence && changesAnalysedFacts(deal, saved)) queueAnalysis(state, id)
      return answer(200, withIncludes(state, saved))
    },
  }),
  route('DELETE', '/v1/deals/:id', {
    answers: { 204: null },
    handle: ({ params }, state) => {
      const id = (params as { id: string }).id
      const deal = area(state).deals.find((candidate) => candidate.id === id)
      if (!deal) return notFound('Deal')
      const refusal = refuse(state, {}, deal)
      if (refusal) return refusal
      area(state).deals = area(state).deals.filter((candidate) => candidate.id !== id)
      return answer(204)
    },
  }),
  route('GET', '/v1/deals/:id/engagements', {
    answers: { 200: engagementsResponseSchema },
    handle: ({ params }, state) => {
      const id = (params as { id: string }).id
      return answer(200, {
        models: area(state).engagements.filter((engagement) => engagement.deal_id === id),
      })
    },
  }),
  route('POST', '/v1/deals/:id/engagements/preview', {
    answers: { 200: engagementPreviewSchema },
    handle: ({ params, body }, state) => {
      const read = readEngagement(state, (params as { id: string }).id, body)
      if (read.refusal) return read.refusal
      const { deal, input } = read
      const earlier = earlierUpload(state, deal.id, input)
      return answer(200, {
        type: input.type ?? 'transcript',
        name: engagementName(input),
        occurred_at: new Date().toISOString(),
        speakers: input.type === 'email' ? [] : speakersIn(state, deal, input.text ?? ''),
        duplicate_of: earlier ? { id: earlier.id, name: earlier.name } : null,
      })
    },
  }),
  route('POST', '/v1/deals/:id/engagements', {
    answers: { 201: createEngagementResponseSchema },
    handle: ({ params, body }, state) => {
      const read = readEngagement(state, (params as { id: string }).id, body)
      if (read.refusal) return read.refusal
      const { deal, input } = read
      const earlier = earlierUpload(state, deal.id, input)
      if (earlier) {
        return errorAnswer(409, 'duplicate_engagement', 'Already uploaded.', [
          {
            path: 'file',
            message: 'is the same',
            code: 'duplicate_engagement',
            params: { engagement_id: earlier.id, engagement_name: earlier.name },
          },
        ])
      }
      const now = new Date().toISOString()
      const engagement: EngagementSummary = {
        id: fakeId(),
        deal_id: deal.id,
        type: input.type ?? 'transcript',
        name: input.name ?? engagementName(input),
        occurred_at: input.occurred_at ?? now,
        direction: null,
        participants: Object.keys(input.roles ?? {}),
        people: Object.keys(input.roles ?? {}).map((speaker) => ({ name: speaker, email: null })),
        source_file_name: null,
        utterance_count: (input.text ?? '').split('\n').filter(Boolean).length,
        created_at: now,
      }
      area(state).engagements.unshift(engagement)
      addContacts(deal, input)
      queueAnalysis(state, deal.id)
      return answer(201, { engagement, analysis: { run_id: fakeId(), status: 'queued' } })
    },
  }),
  route('DELETE', '/v1/engagements/:id', {
    answers: { 204: null },
    handle: ({ params }, state) => {
      const id = (params as { id: string }).id
      const engagement = area(state).engagements.find((candidate) => candidate.id === id)
      if (!engagement) return notFound('Engagement')
      area(state).engagements = area(state).engagements.filter((candidate) => candidate.id !== id)
      queueAnalysis(state, engagement.deal_id)
      return answer(204)
    },
  }),
  route('GET', '/v1/deals/:id/analysis', {
    answers: { 200: dealAnalysisBodySchema },
    handle: ({ params }, state) => {
      const id = (params as { id: string }).id
      const deal = area(state).deals.find((candidate) => candidate.id === id)
      if (!deal) return notFound('Deal')
      const current = area(state).analyses[id] ?? noAnalysis(id)
      const left = area(state).pending[id]
      if (left !== undefined && (current.status === 'queued' || current.status === 'running')) {
        if (left > 0) {
          area(state).pending[id] = left - 1
          area(state).analyses[id] = { ...current, status: 'running' }
        } else {
          delete area(state).pending[id]
          area(state).analyses[id] =
            area(state).outcome === 'done'
              ? { ...current, ...analysedResults(state, deal), status: 'done' }
              : { ...current, status: 'failed', error: 'The provider timed out.' }
        }
        return answer(200, withCorrections(state, current))
      }
      return answer(200, withCorrections(state, current))
    },
  }),
  route('POST', '/v1/deals/:id/analysis', {
    answers: { 202: analysisQueuedSchema },
    handle: ({ params }, state) => {
      const id = (params as { id: string }).id
      if (!area(state).deals.some((candidate) => candidate.id === id)) return notFound('Deal')
      queueAnalysis(state, id)
      return answer(202, { run_id: area(state).analyses[id]?.run_id, status: 'queued' })
    },
  }),
  route('GET', '/v1/analysis/progress', {
    answers: { 200: analysisProgressSchema },
    handle: (_input, state) => {
      const current = area(state).progress
      area(state).progressReads += 1
      if (current.pending > 0) {
        const pending = current.pending - 1
        area(state).progress =
          pending === 0 ? idleProgress() : { ...current, pending, done: current.done + 1 }
      }
      return answer(200, current)
    },
  }),
]
