import type { Engagement } from '@dealcoach/contracts/intelligence'

export interface ObjectionLabel {
  engagement: string
  utterance?: number
  quote?: string
  type: string
  handled?: boolean
}

export interface ActionLabel {
  action: string
  status: 'completed' | 'pending' | 'ongoing' | 'not_done'
}

export interface EvalCase {
  id: string
  source?: string
  product: { name: string; description?: string; value_propositions?: string[] }
  engagements: Engagement[]
  labels: {
    objections?: ObjectionLabel[]
    actions?: ActionLabel[]
    solution_fit?: Record<string, number>
  }
}

export class EvalDataError extends Error {
  constructor(file: string, line: number, reason: string) {
    super(`${file}:${line}: ${reason}`)
    this.name = 'EvalDataError'
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

// Reads one JSON Lines file of eval cases (format: shared/eval/README.md). Blank lines are
// skipped; anything else that is not a case stops with the file and line.
export function parseEvalCases(content: string, file: string): EvalCase[] {
  const cases: EvalCase[] = []
  content.split('\n').forEach((raw, i) => {
    const line = raw.trim()
    if (line === '') return
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch (error) {
      throw new EvalDataError(file, i + 1, `invalid JSON (${(error as Error).message})`)
    }
    if (!isRecord(value) || typeof value.id !== 'string' || !Array.isArray(value.engagements)) {
      throw new EvalDataError(file, i + 1, 'a case needs an "id" and an "engagements" array')
    }
    const engagements = (value.engagements as unknown[]).map((e, j) => {
      if (!isRecord(e) || typeof e.id !== 'string') {
        throw new EvalDataError(file, i + 1, `engagement ${j} has no "id"`)
      }
      const type = e.type === 'transcript' ? 'transcript' : e.type === 'email' ? 'email' : 'note'
      return { ...e, type, name: typeof e.name === 'string' ? e.name : e.id } as Engagement
    })
    const product = isRecord(value.product) ? value.product : {}
    cases.push({
      id: value.id,
      ...(typeof value.source === 'string' ? { source: value.source } : {}),
      product: { ...product, name: typeof product.name === 'string' ? product.name : '' },
      engagements,
      labels: isRecord(value.labels) ? value.labels : {},
    })
  })
  return cases
}
