import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registrations } from '../../db/schema/accounts.js'
import { outboxEmails } from '../../db/schema/mail.js'
import type { JobQueue } from '../../jobs/job-queue.js'
import {
  completeRegistration,
  emailsTo,
  uniqueEmail,
  uniqueIp,
} from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'
import { createMailService } from '../mail/mail.service.js'
import { createRegistrationService } from './registration.service.js'
import { createSessionService } from './session.service.js'

describe('registration and its e-mail commit together', () => {
  let testApp: TestApp
  const app = () => testApp.app

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'true' })
    await app().ready()
  })
  afterAll(() => testApp.close())

  /** The registration service, with its e-mail's job sent and then the send failing half-way. */
  function registrationWithFailingJobSend(sentOutboxIds: string[]) {
    const { db, config, log, services } = app()
    const failingJobs: JobQueue = {
      async enqueue(tx, queue, payload) {
        await services.jobs.enqueue(tx, queue, payload)
        sentOutboxIds.push((payload as { outboxId: string }).outboxId)
        throw new Error('connection lost while sending the job')
      },
    }
    const mail = createMailService({
      db,
      jobs: failingJobs,
      from: config.mailFrom,
      transport: { deliver: () => Promise.reject(new Error('must not be sent')) },
    })
    const sessions = createSessionService({
      db,
      config,
      log,
      liveSessions: services.auth.liveSessions,
    })
    return createRegistrationService({
      db,
      config,
      mail,
      // Registering creates no account; confirming (which would) goes through the real app.
      accounts: { create: () => Promise.reject(new Error('not used here')) },
      sessions,
      log,
    })
  }

  it('leaves no registration, e-mail or job when the job send fails, and a retry sends one', async () => {
    const email = uniqueEmail('outbox')
    const sentOutboxIds: string[] = []
    const failing = registrationWithFailingJobSend(sentOutboxIds)

    await expect(
      failing.requestRegistration({ email, firstname: 'Ada', lastname: 'Lovelace' }, uniqueIp()),
    ).rejects.toThrow('connection lost')

    // The outbox row was written and its job sent inside the transaction, then both rolled back.
    expect(sentOutboxIds).toHaveLength(1)
    const [lostId] = sentOutboxIds
    expect(
      await app().db.select().from(registrations).where(eq(registrations.email, email)),
    ).toEqual([])
    expect(await emailsTo(app(), email)).toEqual([])
    expect(
      await app()
        .db.select()
        .from(outboxEmails)
        .where(eq(outboxEmails.id, lostId ?? '')),
    ).toEqual([])
    expect(await jobsFor(lostId ?? '')).toBe(0)

    const retry = await app().inject({
      method: 'POST',
      url: '/auth/email-registration',
      remoteAddress: uniqueIp(),
      payload: { email, firstname: 'Ada', lastname: 'Lovelace' },
    })
    expect(retry.statusCode).toBe(202)
    const sent = await emailsTo(app(), email)
    expect(sent).toHaveLength(1)
    expect(await jobsFor(sent[0]?.id ?? '')).toBe(1)
    expect(
      await app().db.select().from(registrations).where(eq(registrations.email, email)),
    ).toHaveLength(1)

    const delivered = await waitFor(async () => {
      const [row] = await emailsTo(app(), email)
      return row?.status === 'queued' ? undefined : row
    })
    expect(delivered).toMatchObject({ status: 'logged', attempts: 1 })
    await completeRegistration(app(), email)
  })

  it('rolls an invitation back with its e-mail in the same way', async () => {
    const admin = await signUpDirectly()
    const email = uniqueEmail('invitee')
    const failing = registrationWithFailingJobSend([])

    await expect(
      failing.invite(admin, { email, first_name: 'Carol', last_name: 'Cole', role: 'member' }),
    ).rejects.toThrow('connection lost')
    expect(
      await app().db.select().from(registrations).where(eq(registrations.email, email)),
    ).toEqual([])
    expect(await emailsTo(app(), email)).toEqual([])
  })

  async function signUpDirectly() {
    const email = uniqueEmail('admin')
    await app().services.auth.registration.requestRegistration(
      { email, firstname: 'Alice', lastname: 'Able' },
      uniqueIp(),
    )
    const session = await completeRegistration(app(), email)
    return {
      id: session.userId,
      organisationId: session.organisationId,
      role: 'admin' as const,
      firstName: 'Alice',
      lastName: 'Able',
      sessionId: 'none',
    }
  }

  async function jobsFor(outboxId: string): Promise<number> {
    const result: unknown = await app().db.execute(
      sql`select count(*)::int as count from pgboss.job where data->>'outboxId' = ${outboxId}`,
    )
    // Both drivers answer `{ rows }`; the Database type leaves the result generic.
    return Number((result as { rows: { count: number }[] }).rows[0]?.count)
  }
})

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
