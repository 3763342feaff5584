import { PGlite } from '@electric-sql/pglite'
import { asc, inArray, sql } from 'drizzle-orm'
import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './client.js'
import { runReusedSelect, StatementValues } from './reused-select.js'

const items = pgTable('items', { name: text('name').notNull(), rank: integer('rank').notNull() })

describe('runReusedSelect', () => {
  const client = new PGlite()
  const db = drizzle(client) as unknown as Database

  beforeAll(async () => {
    await client.exec(`
      create table items (name text not null, rank integer not null);
      insert into items values ('a', 1), ('b', 2), ('c', 3), ('d', 4);
    `)
  })
  afterAll(() => client.close())

  /** The names among `names`, ranked, from `offset` on: the text's shape is the list's length. */
  function namesIn(names: string[], offset: number, builds: { count: number }) {
    const values = new StatementValues()
    const listed = names.map(values.bind)
    const from = values.bind(offset)
    return runReusedSelect(db, `items-in-${names.length}`, values, () => {
      builds.count += 1
      return db
        .select({ name: items.name, twice: sql<number>`${items.rank} * 2`.mapWith(Number) })
        .from(items)
        .where(inArray(items.name, listed))
        .orderBy(asc(items.rank))
        .offset(from)
    })
  }

  it('builds a shape once and runs it with each call’s own values', async () => {
    const builds = { count: 0 }
    expect(await namesIn(['a', 'c'], 0, builds)).toEqual([
      { name: 'a', twice: 2 },
      { name: 'c', twice: 6 },
    ])
    expect(await namesIn(['b', 'd'], 1, builds)).toEqual([{ name: 'd', twice: 8 }])
    expect(builds.count).toBe(1)
    // Another list length is another text, built once more.
    expect(await namesIn(['a', 'b', 'c'], 0, builds)).toHaveLength(3)
    expect(builds.count).toBe(2)
  })

  it('runs calls of one shape side by side, each with its values', async () => {
    const builds = { count: 0 }
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map((name) => namesIn([name, 'none', 'nothing', 'nil'], 0, builds)),
    )
    expect(answers.map((rows) => rows.map((row) => row.name))).toEqual([['a'], ['b'], ['c'], ['d']])
    expect(builds.count).toBe(1)
  })

  it('keeps the most recently used shapes and builds a forgotten one again', async () => {
    const builds = { count: 0 }
    const run = (shape: string) =>
      runReusedSelect(db, shape, new StatementValues(), () => {
        builds.count += 1
        return db.select({ name: items.name }).from(items).limit(1)
      })
    await run('kept-first')
    for (let index = 0; index < 256; index += 1) {
      await run(`kept-${index}`)
      // Used again and again, the first shape stays the most recent.
      if (index % 64 === 0) await run('kept-first')
    }
    const afterFilling = builds.count
    await run('kept-first')
    expect(builds.count).toBe(afterFilling)
    await run('kept-0')
    expect(builds.count).toBe(afterFilling + 1)
  })

  it('prepares a named shape under one name made from the shape, the same when built again', async () => {
    const names: string[] = []
    const run = (shape: string, named: boolean) =>
      runReusedSelect(
        db,
        shape,
        new StatementValues(),
        () => ({
          prepare: (name: string) => {
            names.push(name)
            return db
              .select({ name: items.name })
              .from(items)
              .orderBy(asc(items.rank))
              .prepare(name)
          },
        }),
        { named },
      )
    expect(await run('named-a', true)).toEqual([
      { name: 'a' },
      { name: 'b' },
      { name: 'c' },
      { name: 'd' },
    ])
    await run('named-b', true)
    await run('named-a', false)
    const [first, second, unnamed] = names
    expect(first).toMatch(/^reused_[0-9a-f]{32}$/)
    expect(second).toMatch(/^reused_[0-9a-f]{32}$/)
    expect(second).not.toBe(first)
    // The unnamed statement is another kept entry, not the named one's.
    expect(unnamed).toBe('')
    // Forgotten once 256 other shapes have come, it is built again under the same name.
    for (let index = 0; index < 256; index += 1) await run(`filler-${index}`, false)
    await run('named-a', true)
    expect(names.at(-1)).toBe(first)
  })
})
