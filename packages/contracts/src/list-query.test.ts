import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { filterClauses, listQuerySchema, queryEnum, unknownFilterProblem } from './list-query.js'

const fields = {
  pipeline_id: { value: z.uuid(), operators: ['eq'] },
  stage_id: { value: z.uuid(), operators: ['eq', 'in'] },
  close_date: { value: z.iso.date(), operators: ['gte', 'lte'] },
  name: { value: z.string(), operators: ['ilike'] },
  amount: { value: z.coerce.number(), operators: ['gt', 'lt', 'neq'] },
} as const

const schema = listQuerySchema(fields, { page: z.coerce.number().int().min(1).default(1) })
const a = '00000000-0000-4000-8000-000000000001'
const b = '00000000-0000-4000-8000-000000000002'

describe('list query filters', () => {
  it('parses field.op=value pairs into typed clauses in declaration order', () => {
    const query = schema.parse({
      'close_date.lte': '2026-03-31',
      'pipeline_id.eq': a,
      'amount.gt': '1000',
      'name.ilike': '  acme ',
    })
    expect(filterClauses(fields, query)).toEqual([
      { field: 'pipeline_id', operator: 'eq', value: a },
      { field: 'close_date', operator: 'lte', value: '2026-03-31' },
      { field: 'name', operator: 'ilike', value: 'acme' },
      { field: 'amount', operator: 'gt', value: 1000 },
    ])
    expect(query.page).toBe(1)
  })

  it('reads in-lists comma-separated or repeated, and drops blank entries', () => {
    expect(filterClauses(fields, schema.parse({ 'stage_id.in': `${a},,${b}` }))).toEqual([
      { field: 'stage_id', operator: 'in', value: [a, b] },
    ])
    expect(filterClauses(fields, schema.parse({ 'stage_id.in': [a, b] }))).toEqual([
      { field: 'stage_id', operator: 'in', value: [a, b] },
    ])
  })

  it('ignores empty values (spec §5)', () => {
    const query = schema.parse({ 'pipeline_id.eq': '', 'stage_id.in': ',', 'name.ilike': '' })
    expect(filterClauses(fields, query)).toEqual([])
  })

  it('refuses an unknown field or operator, naming it at its key', () => {
    const unknownField = schema.safeParse({ 'colour.eq': 'red' })
    expect(unknownField.success).toBe(false)
    expect(unknownField.error?.issues).toEqual([
      expect.objectContaining({
        path: ['colour.eq'],
        message:
          'unknown filter field "colour"; filter on pipeline_id, stage_id, close_date, name, amount',
      }),
    ])
    const unknownOperator = schema.safeParse({ 'close_date.eq': '2026-01-01' })
    expect(unknownOperator.error?.issues).toEqual([
      expect.objectContaining({
        path: ['close_date.eq'],
        message: 'unknown operator "eq" for close_date; use gte, lte',
      }),
    ])
  })

  it('refuses a value of the wrong type at its key', () => {
    const result = schema.safeParse({ 'close_date.gte': 'last tuesday', 'stage_id.in': `${a},x` })
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'stage_id.in.1',
      'close_date.gte',
    ])
  })

  it('lets undotted parameters it does not know through, such as cache busters', () => {
    expect(schema.safeParse({ _: '1700000000' }).success).toBe(true)
    expect(unknownFilterProblem(fields, 'page')).toBeUndefined()
  })
})

describe('queryEnum', () => {
  const status = queryEnum(['open', 'won', 'lost'])

  it('reads a value in any case, trimmed, as the enum’s own spelling', () => {
    expect(status.parse('OPEN')).toBe('open')
    expect(status.parse(' Won ')).toBe('won')
    const query = listQuerySchema({ status: { value: status, operators: ['in'] } }, {})
    expect(query.parse({ 'status.in': 'Open,LOST' })).toEqual({ 'status.in': ['open', 'lost'] })
  })

  it('still refuses a value that is none of the enum’s, and what is not text', () => {
    expect(status.safeParse('pending').success).toBe(false)
    expect(status.safeParse('').success).toBe(false)
    expect(status.safeParse(1).success).toBe(false)
  })

  it('documents the enum’s values, as the OpenAPI document shows them', () => {
    expect(z.toJSONSchema(status, { io: 'input' })).toMatchObject({
      enum: ['open', 'won', 'lost'],
    })
  })
})
