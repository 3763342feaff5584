import {
  analysisInputSchema,
  type ActionResult,
  type AnalysisInput,
  type DealAnalysis,
  type DetectedObjection,
  type EvidenceRef,
  type ParsedAnalysisInput,
  type SolutionFitScoring,
} from '@dealcoach/contracts/intelligence'
import { z } from 'zod'
import { computeConfidence } from '../confidence/compute-confidence.js'
import { gatherDealSignals } from '../confidence/deal-signals.js'
import { riskWarnings } from '../confidence/risk-warnings.js'
import { engagementRef, resultTypeOf } from '../evidence/engagement-ref.js'
import { notAssessed } from '../solution-fit/score-solution-fit.js'
import { solutionFitTier } from '../solution-fit/solution-fit-tier.js'
import { analyseDealSync } from './builtin-provider.js'
import type { IntelligenceProvider } from './intelligence-provider.js'
import { OPENAI_ANALYSIS_SCHEMA } from './openai-analysis-schema.js'
import { withSenderNames } from '../email/sender-names.js'

export interface OpenAiProviderOptions {
  // Base URL of any OpenAI-compatible API, e.g. "https://api.openai.com/v1".
  baseUrl: string
  apiKey?: string
  model: string
  timeoutMs?: number
  retries?: number
  // Called when the provider falls back to builtin; the server passes its logger here.
  onFallback?: (reason: string) => void
  fetch?: typeof fetch
}

const answerSchema = z.object({
  objections: z.array(
    z.object({
      type: z.string(),
      quote: z.string(),
      engagement_id: z.string(),
      utterance_index: z.number().int().nullable(),
      handled: z.boolean(),
      handling_score: z.number(),
      seller_reply: z.string().nullable(),
    }),
  ),
  actions: z.array(
    z.object({
      action_id: z.string(),
      status: z.enum(['Completed', 'Pending', 'In progress']),
      summary: z.string(),
      status_description: z.string(),
      quotes: z.array(z.string()),
    }),
  ),
  solution_fit: z.array(
    z.object({
      type: z.enum([
        'problem_pain_identification',
        'quantifiable_business_impact',
        'value_proposition_alignment',
        'strategic_urgency',
      ]),
      score: z.number().int().min(0).max(3),
      justification: z.string(),
      quotes: z.array(z.string()),
    }),
  ),
})
type Answer = z.infer<typeof answerSchema>

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
})

const SYSTEM_PROMPT = [
  'You analyse B2B sales conversations for a sales-coaching product.',
  'Objections: only buyer statements that resist the purchase; ignore negated or hypothetical concerns',
  '("cost is not the issue", "you might think it is expensive"). Classify each into one of the given',
  "objection type ids. handled = the seller's reply acknowledged it, asked about it or answered it with evidence.",
  'objection_feedback holds the organisation’s corrections: a quote marked not_objection, or a sentence',
  'saying nearly the same, is no objection; one marked other_type is of the given objection_type_id.',
  'Actions: for each given action id with evidence, status Completed (done, confirmed), Pending (promised,',
  'scheduled) or In progress. Solution fit: score each criterion 0-3: 0 no evidence, 1 vague or seller-only,',
  '2 clear buyer statement, 3 clear, specific, buyer-confirmed (impact quantified; urgency dated).',
  'Quote the exact sentences you rely on.',
].join(' ')

function promptOf(input: ParsedAnalysisInput): string {
  return JSON.stringify({
    product: input.product,
    objection_types: input.objection_types
      .filter((t) => t.active)
      .map(({ id, name, description, examples }) => ({ id, name, description, examples })),
    objection_feedback: input.objection_feedback,
    actions: input.pipeline.actions.map(({ id, name, description }) => ({ id, name, description })),
    engagements: input.engagements.map((e) => ({
      id: e.id,
      type: e.type,
      name: e.name,
      occurred_at: e.occurred_at ?? null,
      direction: e.direction ?? null,
      utterances: e.utterances?.map((u, i) => ({
        index: i,
        speaker: u.speaker,
        role: u.role,
        text: u.text,
      })),
      body: e.body,
    })),
  })
}

function evidenceFor(input: ParsedAnalysisInput, quote: string): EvidenceRef | null {
  const latest = input.engagements.length - 1
  for (const [index, engagement] of input.engagements.entries()) {
    const utterance = engagement.utterances?.find((u) => u.text.includes(quote))
    if (utterance) {
      return {
        engagement: engagementRef(engagement),
        new: index === latest,
        role: utterance.role,
        speaker: utterance.speaker,
        text: quote,
      }
    }
    if (engagement.body?.includes(quote)) {
      const role =
        engagement.direction === 'inbound'
          ? 'buyer'
          : engagement.direction === 'outbound'
            ? 'seller'
            : 'unknown'
      return {
        engagement: engagementRef(engagement),
        new: index === latest,
        role,
        speaker: engagement.from ?? '',
        text: quote,
      }
    }
  }
  return null
}

// Keeps only what can be traced back to the input: known types, actions and engagements.
function toAnalysis(input: ParsedAnalysisInput, answer: Answer): DealAnalysis {
  const types = new Map(input.objection_types.map((t) => [t.id, t]))
  const engagements = new Map(input.engagements.map((e) => [e.id, e]))
  const objections: DetectedObjection[] = []
  for (const o of answer.objections) {
    const type = types.get(o.type)
    const engagement = engagements.get(o.engagement_id)
    if (!type || !engagement) continue
    const utterance =
      o.utterance_index === null ? undefined : engagement.utterances?.[o.utterance_index]
    if (utterance && utterance.role !== 'buyer') continue
    objections.push({
      type: type.id,
      type_name: type.name,
      quote: o.quote,
      speaker: utterance?.speaker ?? engagement.from ?? '',
      role: 'buyer',
      engagement: engagementRef(engagement),
      utterance_index: utterance ? o.utterance_index : null,
      confidence: 0.8,
      handled: o.handled,
      handling_score: Math.max(0, Math.min(1, o.handling_score)),
      seller_reply: o.seller_reply,
      cues: ['openai'],
    })
  }
  const actions = new Map(input.pipeline.actions.map((a) => [a.id, a]))
  const actionResults: ActionResult[] = []
  for (const a of answer.actions) {
    const action = actions.get(a.action_id)
    if (!action) continue
    const refs = a.quotes.map((q) => evidenceFor(input, q)).filter((r) => r !== null)
    actionResults.push({
      action: action.name,
      action_id: action.id,
      summary: a.summary,
      status: a.status,
      status_description: a.status_description,
      results: refs.map((r) => ({
        type: resultTypeOf(r.engagement.type),
        result: r.text,
      })),
      engagement_id: refs[refs.length - 1]?.engagement.id ?? null,
    })
  }
  const scoring: SolutionFitScoring[] = (
    [
      'problem_pain_identification',
      'quantifiable_business_impact',
      'value_proposition_alignment',
      'strategic_urgency',
    ] as const
  ).map((type) => {
    const s = answer.solution_fit.find((x) => x.type === type)
    const evidenceRefs = (s?.quotes ?? [])
      .map((q) => evidenceFor(input, q))
      .filter((r) => r !== null)
    return {
      type,
      // As the builtin's: a score stands on the sentences it cites, or it is 0.
      score: evidenceRefs.length > 0 ? (s?.score ?? 0) : 0,
      justification: s?.justification ?? 'Not assessed.',
      evidenceRefs,
    }
  })
  const total = scoring.reduce((sum, s) => sum + s.score, 0)
  // Spec §4, as the builtin's: with nothing the buyer said behind it, the fit is not assessed.
  const buyerQuoted = scoring.some((s) => s.evidenceRefs.some((r) => r.role === 'buyer'))
  const solutionFit = buyerQuoted ? { tier: solutionFitTier(total), total, scoring } : notAssessed()
  const signals = gatherDealSignals(input, solutionFit, actionResults, objections)
  return {
    provider: 'openai',
    action_results: actionResults,
    objections,
    solution_fit: solutionFit,
    confidence: computeConfidence(signals),
    risk_warnings: riskWarnings(signals),
  }
}

class RetryableError extends Error {}

async function callOnce(
  options: OpenAiProviderOptions,
  input: ParsedAnalysisInput,
): Promise<Answer> {
  const doFetch = options.fetch ?? fetch
  const response = await doFetch(`${options.baseUrl.replace(/\/$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: options.model,
      temperature: 0,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: promptOf(input) },
      ],
      response_format: { type: 'json_schema', json_schema: OPENAI_ANALYSIS_SCHEMA },
    }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  })
  if (response.status === 429 || response.status >= 500) {
    throw new RetryableError(`HTTP ${response.status}`)
  }
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  const completion = completionSchema.parse(await response.json())
  const content = completion.choices[0]?.message.content
  if (!content) throw new RetryableError('empty answer')
  try {
    return answerSchema.parse(JSON.parse(content))
  } catch (error) {
    throw new RetryableError(`answer does not match the schema: ${(error as Error).message}`)
  }
}

function isRetryable(error: unknown): boolean {
  if (error instanceof RetryableError) return true
  const name = (error as { name?: string } | null)?.name
  // Timeouts and network failures are worth another try; a 4xx is not.
  return name === 'TimeoutError' || name === 'AbortError' || error instanceof TypeError
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

// Any OpenAI-compatible /chat/completions endpoint with JSON-schema output. On failure after
// the retries, it answers with the builtin analysis and reports why through onFallback.
export function createOpenAiProvider(options: OpenAiProviderOptions): IntelligenceProvider {
  const retries = options.retries ?? 2
  return {
    name: 'openai',
    async analyseDeal(raw: AnalysisInput) {
      const input = withSenderNames(analysisInputSchema.parse(raw))
      let lastError: unknown
      for (let attempt = 0; attempt <= retries; attempt++) {
        try {
          return toAnalysis(input, await callOnce(options, input))
        } catch (error) {
          lastError = error
          if (!isRetryable(error) || attempt === retries) break
          await sleep(100 * 2 ** attempt)
        }
      }
      options.onFallback?.(`openai provider failed, using builtin: ${(lastError as Error).message}`)
      return analyseDealSync(raw)
    },
  }
}
