import { PGlite } from '@electric-sql/pglite'
import { eq, sql } from 'drizzle-orm'
import {
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withFlatRowMapper } from './flat-row-mapper.js'

const mood = pgEnum('mood', ['calm', 'busy'])
const things = pgTable('things', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  note: text('note'),
  amount: numeric('amount', { precision: 14, scale: 2 }),
  count: integer('count'),
  day: date('day'),
  at: timestamp('at', { withTimezone: true }),
  flag: boolean('flag'),
  mood: mood('mood'),
  data: jsonb('data'),
})

const COLUMNS = {
  id: things.id,
  name: things.name,
  note: things.note,
  amount: things.amount,
  count: things.count,
  day: things.day,
  at: things.at,
  flag: things.flag,
  mood: things.mood,
  data: things.data,
  // An SQL column with a decoder of its own, as the deal list's times as text.
  atText: sql<string>`(${things.at} at time zone 'UTC')::text`.mapWith(
    (text: string) => `<${text}>`,
  ),
  upper: sql<string>`upper(${things.name})`.as('upper'),
}

describe('withFlatRowMapper', () => {
  const client = new PGlite()
  const db = drizzle(client)

  beforeAll(async () => {
    await client.exec(`
      create type mood as enum ('calm', 'busy');
      create table things (id uuid primary key, name text not null, note text,
        amount numeric(14, 2), count integer, day date, at timestamptz, flag boolean, mood mood,
        data jsonb);
      insert into things values
        ('00000000-0000-4000-8000-000000000001', 'one', 'a note', 1234.5, 7, '2026-12-01',
          '2026-11-20 10:00:00.123456+00', true, 'busy', '{"a": [1, 2]}'),
        ('00000000-0000-4000-8000-000000000002', 'two', null, null, null, null, null, null, null,
          null);
    `)
  })
  afterAll(() => client.close())

  it('maps every kind of column as drizzle does, nulls included', async () => {
    const query = () => db.select(COLUMNS).from(things).orderBy(things.id)
    const expected = await query().prepare('things_drizzle').execute()
    const mapped = await withFlatRowMapper(query().prepare('things_mapped')).execute()
    expect(expected).toHaveLength(2)
    expect(mapped).toEqual(expected)
    expect(mapped[0]?.at).toBeInstanceOf(Date)
    expect(Object.keys(mapped[0] ?? {})).toEqual(Object.keys(COLUMNS))
  })

  it('fills placeholders as before', async () => {
    const prepared = withFlatRowMapper(
      db
        .select({ name: things.name })
        .from(things)
        .where(eq(things.id, sql.placeholder('id')))
        .prepare('things_by_id'),
    )
    expect(await prepared.execute({ id: '00000000-0000-4000-8000-000000000002' })).toEqual([
      { name: 'two' },
    ])
  })

  it('leaves a select with nested results to drizzle', async () => {
    const query = () =>
      db.select({ thing: { id: things.id, name: things.name }, note: things.note }).from(things)
    const prepared = withFlatRowMapper(query().prepare('things_nested'))
    expect((prepared as unknown as { customResultMapper?: unknown }).customResultMapper).toBe(
      undefined,
    )
    expect(await prepared.execute()).toEqual(await query())
  })
})
