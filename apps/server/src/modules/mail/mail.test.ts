import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboxEmails } from '../../db/schema/mail.js'
import type { JobQueue } from '../../jobs/job-queue.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'
import type { MailTransport } from './mail-transport.js'
import { MAIL_DELIVERY_QUEUE, MAIL_OUTBOX_SWEEP_QUEUE } from './mail.queues.js'
import { createMailService, DELIVERY_LEASE_SECONDS, STUCK_AFTER_SECONDS } from './mail.service.js'

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
    // Queued with no job, so the worker never delivers it: only the failing transport runs.
    const failing = createMailService({
      db: app.db,
      jobs: noJobs,
      from: 'test@dealcoach.local',
      transport: { deliver: () => Promise.reject(new Error('SMTP 421 try later')) },
    })
    const row = await failing.queue({ toAddress: 'b@example.com', subject: 's', textBody: 't' })

    await expect(failing.deliver(row.id)).rejects.toThrow('SMTP 421')
    let [stored] = await app.db.select().from(outboxEmails).where(eq(outboxEmails.id, row.id))
    expect(stored).toMatchObject({ status: 'queued', lastError: 'SMTP 421 try later' })

    await expect(failing.deliver(row.id, { finalAttempt: true })).rejects.toThrow()
    ;[stored] = await app.db.select().from(outboxEmails).where(eq(outboxEmails.id, row.id))
    expect(stored).toMatchObject({ status: 'failed' })
  })

  it('sends an e-mail once when two deliveries of it run at the same time', async () => {
    const { app } = testApp
    const transport = countingTransport(200)
    const mail = createMailService({
      db: app.db,
      jobs: noJobs,
      from: 'x@dealcoach.local',
      transport,
    })
    const row = await mail.queue({ toAddress: 'twice@example.com', subject: 's', textBody: 't' })

    await Promise.all([mail.deliver(row.id), mail.deliver(row.id)])
    await mail.deliver(row.id)

    expect(transport.sent).toEqual(['twice@example.com'])
    const [stored] = await app.db.select().from(outboxEmails).where(eq(outboxEmails.id, row.id))
    expect(stored).toMatchObject({ status: 'sent', attempts: 1, claimedAt: null })
  })

  it('lets a delivery take over an e-mail whose claim has outlived its lease', async () => {
    const { app } = testApp
    const transport = countingTransport()
    const mail = createMailService({
      db: app.db,
      jobs: noJobs,
      from: 'x@dealcoach.local',
      transport,
    })
    const row = await mail.queue({ toAddress: 'crashed@example.com', subject: 's', textBody: 't' })
    // A delivery that claimed the row and died: held within the lease, free after it.
    await app.db
      .update(outboxEmails)
      .set({ claimedAt: sql`now()` })
      .where(eq(outboxEmails.id, row.id))
    await mail.deliver(row.id)
    expect(transport.sent).toEqual([])

    await app.db
      .update(outboxEmails)
      .set({ claimedAt: sql`now() - make_interval(secs => ${DELIVERY_LEASE_SECONDS + 1})` })
      .where(eq(outboxEmails.id, row.id))
    await mail.deliver(row.id)
    expect(transport.sent).toEqual(['crashed@example.com'])
  })

  it('sweeps a committed e-mail whose job was lost, and delivers it exactly once', async () => {
    const { app } = testApp
    const lost = createMailService({
      db: app.db,
      jobs: noJobs,
      from: 'x@dealcoach.local',
      transport: countingTransport(),
    })
    const row = await lost.queue({ toAddress: 'lost@example.com', subject: 's', textBody: 't' })
    const recent = await lost.queue({
      toAddress: 'recent@example.com',
      subject: 's',
      textBody: 't',
    })
    await app.db
      .update(outboxEmails)
      .set({ lastActivityAt: sql`now() - make_interval(secs => ${STUCK_AFTER_SECONDS + 1})` })
      .where(eq(outboxEmails.id, row.id))

    // Only the quiet row is swept, once: the next sweep leaves it to the job it was just sent.
    expect(await app.services.mail.sweepStuck()).toBe(1)
    expect(await app.services.mail.sweepStuck()).toBe(0)
    expect(await deliveryJobsFor(row.id)).toBe(1)
    expect(await deliveryJobsFor(recent.id)).toBe(0)

    const delivered = await waitFor(async () => {
      const [stored] = await app.db.select().from(outboxEmails).where(eq(outboxEmails.id, row.id))
      return stored?.status === 'queued' ? undefined : stored
    })
    expect(delivered).toMatchObject({ status: 'logged', attempts: 1 })
    const [untouched] = await app.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.id, recent.id))
    expect(untouched).toMatchObject({ status: 'queued', attempts: 0 })
  })

  it('schedules the sweep every five minutes with a payload its handler accepts', async () => {
    const result: unknown = await testApp.app.db.execute(
      sql`select cron, data from pgboss.schedule where name = ${MAIL_OUTBOX_SWEEP_QUEUE.name}`,
    )
    const schedules = (result as { rows: { cron: string; data: unknown }[] }).rows
    expect(schedules.map((schedule) => schedule.cron)).toEqual(['*/5 * * * *'])
    expect(MAIL_OUTBOX_SWEEP_QUEUE.payload.safeParse(schedules[0]?.data).success).toBe(true)
  })

  async function deliveryJobsFor(outboxId: string): Promise<number> {
    const result: unknown = await testApp.app.db.execute(
      sql`select count(*)::int as count from pgboss.job
          where name = ${MAIL_DELIVERY_QUEUE.name} and data->>'outboxId' = ${outboxId}`,
    )
    // Both drivers answer `{ rows }`; the Database type leaves the result generic.
    return Number((result as { rows: { count: number }[] }).rows[0]?.count)
  }
})

/** A job queue that sends nothing: the outbox row commits with no job, as if its job were lost. */
const noJobs: JobQueue = { enqueue: () => Promise.resolve(null) }

function countingTransport(delayMs = 0): MailTransport & { sent: string[] } {
  const sent: string[] = []
  return {
    sent,
    async deliver(message) {
      sent.push(message.to)
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      return 'sent'
    },
  }
}
