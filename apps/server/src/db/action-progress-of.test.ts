import { progressOfStatusText, STATUS_TEXT_CUES } from '@dealcoach/contracts/action-status'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test-support/test-app.js'

// The rollups read status text in SQL (`action_progress_of`, migration 0010); the web app and the
// engine read it with the contracts' function. Both must agree on every cue, in any case.
describe('action_progress_of', () => {
  let testApp: TestApp
  beforeAll(async () => {
    testApp = await createTestApp()
  })
  afterAll(async () => {
    await testApp.close()
  })

  const samples = [
    ...Object.values(STATUS_TEXT_CUES).flatMap((cues) =>
      cues.flatMap((cue) => [cue, cue.toUpperCase(), `Task ${cue} today`]),
    ),
    'In progress',
    'Started',
    '',
  ]

  it('reads status text as the contracts do', async () => {
    const listed = sql.join(
      samples.map((status) => sql`${status}`),
      sql`, `,
    )
    const rows = await testApp.app.db
      .select({
        status: sql<string>`s`,
        progress: sql<string>`action_progress_of(s)::text`,
      })
      .from(sql`unnest(array[${listed}]::text[]) as s`)
    const read = new Map(rows.map((row) => [row.status, row.progress]))
    for (const status of samples) {
      expect(read.get(status), status).toBe(progressOfStatusText(status))
    }
  })
})
