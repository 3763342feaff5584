import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { call, dealInput } from '../test-support/deal-builders.js'
import { createOpenAiProvider } from './openai-provider.js'

type Handler = (body: Record<string, unknown>, res: ServerResponse) => void

let server: Server | undefined

async function fakeEndpoint(
  handler: Handler,
): Promise<{ url: string; requests: Record<string, unknown>[] }> {
  const requests: Record<string, unknown>[] = []
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>
      requests.push({ ...body, path: req.url, authorization: req.headers.authorization })
      handler(body, res)
    })
  })
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/v1`, requests }
}

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  server = undefined
})

const input = dealInput([
  call('e1', [
    ['buyer', 'Honestly, the price is too high for us.'],
    ['seller', 'Fair. Can I ask what you are comparing it to?'],
  ]),
])

function answer(res: ServerResponse, content: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(
    JSON.stringify({
      choices: [{ message: { role: 'assistant', content: JSON.stringify(content) } }],
    }),
  )
}

const modelAnswer = {
  objections: [
    {
      type: 'price_budget',
      quote: 'the price is too high for us',
      engagement_id: 'e1',
      utterance_index: 0,
      handled: true,
      handling_score: 0.8,
      seller_reply: 'Fair. Can I ask what you are comparing it to?',
    },
    {
      type: 'made_up_type',
      quote: 'x',
      engagement_id: 'e1',
      utterance_index: 0,
      handled: false,
      handling_score: 0,
      seller_reply: null,
    },
  ],
  actions: [
    {
      action_id: 'current_solution',
      status: 'In progress',
      summary: 'Asked about alternatives.',
      status_description: 'Asked, not answered.',
      quotes: ['Can I ask what you are comparing it to?'],
    },
  ],
  solution_fit: [
    {
      type: 'problem_pain_identification',
      score: 1,
      justification: 'Vague.',
      quotes: ['the price is too high for us'],
    },
  ],
}

describe('openai provider', () => {
  it('sends a JSON-schema chat completion and maps the answer onto the engine shape', async () => {
    const endpoint = await fakeEndpoint((_body, res) => answer(res, modelAnswer))
    const provider = createOpenAiProvider({ baseUrl: endpoint.url, apiKey: 'k', model: 'gpt-test' })
    const analysis = await provider.analyseDeal(input)

    expect(endpoint.requests[0]).toMatchObject({
      path: '/v1/chat/completions',
      authorization: 'Bearer k',
      model: 'gpt-test',
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'deal_analysis', strict: true },
      },
    })
    expect(analysis.provider).toBe('openai')
    // Unknown types are dropped: every output must trace back to the configuration.
    expect(analysis.objections.map((o) => [o.type, o.handled, o.speaker])).toEqual([
      ['price_budget', true, 'Bea Buyer'],
    ])
    expect(analysis.action_results[0]).toMatchObject({
      action_id: 'current_solution',
      status: 'In progress',
      results: [{ type: 'transcript', result: 'Can I ask what you are comparing it to?' }],
    })
    expect(
      analysis.solution_fit.scoring.find((s) => s.type === 'problem_pain_identification')
        ?.evidenceRefs[0],
    ).toMatchObject({ role: 'buyer', speaker: 'Bea Buyer' })
    expect(analysis.solution_fit.tier).toBe(4)
  })

  it('scores the fit on quoted sentences only, and leaves it unassessed without the buyer’s', async () => {
    const unquoted = {
      ...modelAnswer,
      solution_fit: [
        { type: 'strategic_urgency', score: 3, justification: 'Urgent.', quotes: [] },
        {
          type: 'value_proposition_alignment',
          score: 2,
          justification: 'The seller said so.',
          quotes: ['Can I ask what you are comparing it to?'],
        },
      ],
    }
    const withBuyer = {
      ...unquoted,
      solution_fit: [
        ...unquoted.solution_fit,
        {
          type: 'problem_pain_identification',
          score: 2,
          justification: 'Price pain.',
          quotes: ['the price is too high for us'],
        },
      ],
    }
    const answers = [unquoted, withBuyer]
    const endpoint = await fakeEndpoint((_body, res) => answer(res, answers.shift()))
    const provider = createOpenAiProvider({ baseUrl: endpoint.url, apiKey: 'k', model: 'gpt-test' })
    const analysis = await provider.analyseDeal(input)
    // The seller's sentence is no buyer evidence: "assessment pending", as the builtin says it.
    expect(analysis.solution_fit).toMatchObject({ total: 0, scoring: [] })

    const assessed = await provider.analyseDeal(input)
    const scoreOf = (type: string) =>
      assessed.solution_fit.scoring.find((s) => s.type === type)?.score
    expect(scoreOf('strategic_urgency')).toBe(0)
    expect(scoreOf('value_proposition_alignment')).toBe(2)
    expect(scoreOf('problem_pain_identification')).toBe(2)
    expect(assessed.solution_fit.total).toBe(4)
  })

  it('passes the organisation’s objection corrections to the model', async () => {
    const endpoint = await fakeEndpoint((_body, res) => answer(res, modelAnswer))
    const provider = createOpenAiProvider({ baseUrl: endpoint.url, apiKey: 'k', model: 'gpt-test' })
    const correction = { quote: 'We are fine for cost.', verdict: 'not_objection' as const }
    await provider.analyseDeal({ ...input, objection_feedback: [correction] })

    const messages = endpoint.requests[0]?.messages as { role: string; content: string }[]
    const prompt = JSON.parse(messages[1]?.content ?? '{}') as Record<string, unknown>
    expect(prompt.objection_feedback).toEqual([correction])
    expect(messages[0]?.content).toMatch(/objection_feedback/)
  })

  it('retries a 5xx and then succeeds', async () => {
    let calls = 0
    const endpoint = await fakeEndpoint((_body, res) => {
      calls++
      if (calls === 1) {
        res.writeHead(503).end()
        return
      }
      answer(res, modelAnswer)
    })
    const analysis = await createOpenAiProvider({
      baseUrl: endpoint.url,
      model: 'm',
      retries: 2,
    }).analyseDeal(input)
    expect(calls).toBe(2)
    expect(analysis.provider).toBe('openai')
  })

  it('falls back to builtin on a timeout, reporting why', async () => {
    const endpoint = await fakeEndpoint(() => undefined)
    const reasons: string[] = []
    const analysis = await createOpenAiProvider({
      baseUrl: endpoint.url,
      model: 'm',
      timeoutMs: 50,
      retries: 1,
      onFallback: (reason) => reasons.push(reason),
    }).analyseDeal(input)
    expect(analysis.provider).toBe('builtin')
    expect(analysis.objections[0]?.type).toBe('price_budget')
    expect(reasons[0]).toMatch(/openai provider failed, using builtin/)
    expect(endpoint.requests).toHaveLength(2)
  })

  it('falls back without retrying a 4xx, and on an answer that breaks the schema', async () => {
    const bad = await fakeEndpoint((_body, res) => res.writeHead(401).end())
    const reasons: string[] = []
    const provider = createOpenAiProvider({
      baseUrl: bad.url,
      model: 'm',
      onFallback: (r) => reasons.push(r),
    })
    expect((await provider.analyseDeal(input)).provider).toBe('builtin')
    expect(bad.requests).toHaveLength(1)
    expect(reasons[0]).toMatch(/HTTP 401/)
  })

  it('falls back when the answer does not match the schema', async () => {
    const endpoint = await fakeEndpoint((_body, res) => answer(res, { objections: 'nope' }))
    const reasons: string[] = []
    const provider = createOpenAiProvider({
      baseUrl: endpoint.url,
      model: 'm',
      retries: 0,
      onFallback: (r) => reasons.push(r),
    })
    expect((await provider.analyseDeal(input)).provider).toBe('builtin')
    expect(reasons[0]).toMatch(/does not match the schema/)
  })
})
