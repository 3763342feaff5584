import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'
import { buildWorker, type Worker } from './build-worker.js'
import { loadConfig } from './config.js'
import { outboxEmails } from './db/schema/mail.js'
import { createTestDatabase, type TestDatabase } from './test-support/test-database.js'

describe('buildWorker', () => {
  let database: TestDatabase
  let worker: Worker

  beforeAll(async () => {
    database = await createTestDatabase({
      pgliteTemplateDir: inject('pgliteTemplateDir'),
      postgresTemplateDb: inject('postgresTemplateDb'),
    })
    // Even told not to, a worker runs the job workers: that is all it is for.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      RUN_WORKERS: 'false',
      ...database.env,
    })
    worker = await buildWorker(config)
  })
  afterAll(async () => {
    await worker.close()
    await database.drop()
  })

  it('runs queued jobs with no HTTP server', async () => {
    expect(worker).not.toHaveProperty('listen')
    expect(worker).not.toHaveProperty('inject')
    const { services } = worker
    const queued = await services.mail.queue({
      toAddress: 'worker@example.com',
      subject: 'From the worker',
      textBody: 'Delivered without a web server.',
    })
    const { db } = worker.database
    let status = queued.status
    for (let tries = 0; tries < 150 && status === 'queued'; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, queued.id))
      status = row?.status ?? status
    }
    expect(status).toBe('logged')
  })
})
