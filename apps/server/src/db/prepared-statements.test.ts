import { eq, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { describe, expect, it } from 'vitest'
import type { Database } from './client.js'
import { literalLimit, preparedStatement } from './prepared-statements.js'
import { deals } from './schema/deals.js'

// A database handle that renders SQL without a connection.
const mockDb = () => drizzle.mock() as unknown as Database

describe('preparedStatement', () => {
  it('prepares a name once per database handle and hands the same statement back', () => {
    const [first, second] = [mockDb(), mockDb()]
    let prepared = 0
    const prepare = (name: string) => ({ name, serial: ++prepared })
    const statement = preparedStatement(first, 'deals_page', prepare)
    expect(preparedStatement(first, 'deals_page', prepare)).toBe(statement)
    expect(statement.name).toBe('deals_page')
    expect(preparedStatement(second, 'deals_page', prepare)).not.toBe(statement)
    expect(preparedStatement(first, 'deals_total', prepare).serial).toBe(3)
  })
})

describe('literalLimit', () => {
  it('writes the limit into the statement’s text instead of sending it as a parameter', () => {
    const query = mockDb()
      .select({ id: deals.id })
      .from(deals)
      .where(eq(deals.organisationId, sql.placeholder('organisationId')))
      .limit(literalLimit(100))
      .toSQL()
    expect(query.sql).toMatch(/ limit 100$/)
    expect(query.params).toHaveLength(1)
  })

  it('refuses what is not a whole number of rows', () => {
    for (const limit of [-1, 2.5, Number.NaN, 2 ** 60]) {
      expect(() => literalLimit(limit)).toThrow(RangeError)
    }
  })
})
