import { PgDialect, date, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { escapeLike, filterConditions } from './filter-query.js'

const deals = pgTable('deals', {
  id: uuid('id'),
  stageId: uuid('stage_id'),
  name: text('name'),
  closeDate: date('close_date'),
})
const columns = { stage_id: deals.stageId, name: deals.name, close_date: deals.closeDate }
const dialect = new PgDialect()
const render = (clauses: Parameters<typeof filterConditions>[0]) => {
  const where = filterConditions(clauses, columns)
  if (!where) return undefined
  const { sql, params } = dialect.sqlToQuery(where)
  return { sql, params }
}

describe('filterConditions', () => {
  it('is undefined without clauses', () => {
    expect(render([])).toBeUndefined()
  })

  it('turns each clause into a parameterised condition, ANDed', () => {
    expect(
      render([
        { field: 'stage_id', operator: 'in', value: ['a', 'b'] },
        { field: 'close_date', operator: 'gte', value: '2026-01-01' },
        { field: 'close_date', operator: 'lte', value: '2026-03-31' },
      ]),
    ).toEqual({
      sql: '("deals"."stage_id" in ($1, $2) and "deals"."close_date" >= $3 and "deals"."close_date" <= $4)',
      params: ['a', 'b', '2026-01-01', '2026-03-31'],
    })
  })

  it('matches ilike as a substring with the wildcards in the text escaped', () => {
    expect(render([{ field: 'name', operator: 'ilike', value: '50%_off' }])).toEqual({
      sql: '"deals"."name" ilike $1',
      params: ['%50\\%\\_off%'],
    })
    expect(escapeLike('a\\b')).toBe('a\\\\b')
  })

  it('refuses a field that has no column: the whitelist is the column map', () => {
    expect(() => render([{ field: 'id', operator: 'eq', value: 'x' }])).toThrow(
      'no column is mapped for the filter field "id"',
    )
  })
})
