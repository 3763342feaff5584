import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboxEmails } from '../../db/schema/mail.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'
import { createMailService } from './mail.service.js'

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('outbox e-mail delivery', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'true' })
    await testApp.app.ready()
  })
  afterAll(() => testApp.close())

  it('delivers a queued e-mail through the pg-boss worker', async () => {
    const { app } = testApp
    const queued = await app.services.mail.queue({
      toAddress: 'ada@example.com',
      subject: 'Finish your registration',
      textBody: 'Open http://localhost:3000/complete_registration/key',
    })
    expect(queued.status).toBe('queued')

    const delivered = await waitFor(async () => {
      const [row] = await app.db.select().from(outboxEmails).where(eq(outboxEmails.id, queued.id))
      return row?.status === 'queued' ? undefined : row
    })
    // No SMTP_URL in tests: the e-mail is logged for a local user instead of sent.
    expect(delivered.status).toBe('logged')
    expect(delivered.attempts).toBe(1)
    expect(delivered.deliveredAt).toBeInstanceOf(Date)
  })

  it('records a failed attempt and marks the e-mail failed on the last one', async () => {
    const { app } = testApp
    const failing = createMailService({
      db: app.db,
      jobs: app.services.jobs,
      from: 'test@dealcoach.local',
      transport: { deliver: () => Promise.reject(new Error('SMTP 421 try later')) },
    })
    const row = await app.services.mail.queue({
      toAddress: 'b@example.com',
      subject: 's',
      textBody: 't',
    })
    // Delivered already by the worker above or not: reset so the failing transport is what runs.
    await app.db
      .update(outboxEmails)
      .set({ status: 'queued', attempts: 0 })
      .where(eq(outboxEmails.id, row.id))

    await expect(failing.deliver(row.id)).rejects.toThrow('SMTP 421')
    let [stored] = await app.db.select().from(outboxEmails).where(eq(outboxEmails.id, row.id))
    expect(stored).toMatchObject({ status: 'queued', lastError: 'SMTP 421 try later' })

    await expect(failing.deliver(row.id, { finalAttempt: true })).rejects.toThrow()
    ;[stored] = await app.db.select().from(outboxEmails).where(eq(outboxEmails.id, row.id))
    expect(stored).toMatchObject({ status: 'failed' })
  })
})
