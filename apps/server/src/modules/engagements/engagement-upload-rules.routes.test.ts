import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deals } from '../../db/schema/deals.js'
import { engagements } from '../../db/schema/engagements.js'
import { bearer, callAs, type SignedIn, signUp } from '../../test-support/auth-helpers.js'
import { multipart } from '../../test-support/multipart.js'
import {
  createPipeline,
  type ErrorJson,
  insertDeals,
} from '../../test-support/pipeline-fixtures.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

const MINUTE = 60 * 1000

/** What POST /v1/deals/{id}/engagements refuses beyond its schema: times, roles, files. */
describe('engagement upload rules', () => {
  let test: TestApp
  let app: FastifyInstance
  let admin: SignedIn
  let pipeline: { id: string; stages: { stage_id: string }[] }

  beforeAll(async () => {
    test = await createTestApp({ RUN_WORKERS: 'false' })
    app = test.app
    admin = await signUp(app, { firstname: 'Ada', lastname: 'Lovelace' })
    pipeline = await createPipeline(app, admin, { name: 'Sales', framework: 'meddic' })
  })

  afterAll(async () => {
    await test.close()
  })

  const newDeal = async () => {
    const [id] = await insertDeals(
      app,
      {
        organisationId: admin.organisationId,
        pipelineId: pipeline.id,
        stageId: pipeline.stages[0]?.stage_id ?? '',
      },
      1,
    )
    if (!id) throw new Error('no deal')
    return id
  }

  const lastActivityOf = async (dealId: string) =>
    (await app.db.select().from(deals).where(eq(deals.id, dealId)))[0]?.lastActivityAt ?? null

  const post = (dealId: string, body: ReturnType<typeof multipart>) =>
    app.inject({
      method: 'POST',
      url: `/v1/deals/${dealId}/engagements`,
      headers: { ...bearer(admin.accessToken), ...body.headers },
      payload: body.payload,
    })

  const pasted = (occurredAt: string) => ({
    type: 'transcript',
    text: 'Ada: Hello.\nPriya: Hi.',
    roles: { Ada: 'seller', Priya: 'buyer' },
    occurred_at: occurredAt,
  })

  describe('occurred_at', () => {
    it.each([
      ['a JSON transcript', 'json'],
      ['a multipart file', 'file'],
      ['a JSON e-mail', 'email'],
    ])('refuses a time in the future for %s, at occurred_at', async (_, kind) => {
      const dealId = await newDeal()
      const future = '2099-01-01T00:00:00Z'
      const response =
        kind === 'file'
          ? await post(
              dealId,
              multipart(
                { name: 'call.txt', content: 'Ada: Hello.\nPriya: Hi.' },
                { occurred_at: future, roles: '{"Ada":"seller","Priya":"buyer"}' },
              ),
            )
          : await callAs(
              app,
              admin,
              'POST',
              `/v1/deals/${dealId}/engagements`,
              kind === 'json'
                ? pasted(future)
                : {
                    type: 'email',
                    direction: 'inbound',
                    from: 'priya@acme.test',
                    subject: 'Pricing',
                    body: 'Can you send the quote?',
                    occurred_at: future,
                  },
            )
      expect(response.statusCode, response.body).toBe(400)
      const { error } = response.json<ErrorJson>()
      expect(error.code).toBe('validation_failed')
      expect(error.details).toEqual([
        {
          path: 'body.occurred_at',
          message: 'must not be in the future',
          code: 'date_in_future',
        },
      ])
      expect(await lastActivityOf(dealId)).toBeNull()
      expect(await app.db.select().from(engagements).where(eq(engagements.dealId, dealId))).toEqual(
        [],
      )
    })

    it('allows a few minutes of clock skew, and the preview refuses a future time too', async () => {
      const dealId = await newDeal()
      const skewed = new Date(Date.now() + 2 * MINUTE).toISOString()
      const stored = await callAs(
        app,
        admin,
        'POST',
        `/v1/deals/${dealId}/engagements`,
        pasted(skewed),
      )
      expect(stored.statusCode, stored.body).toBe(201)
      // Stored with its own time; the deal's last activity never runs ahead of now.
      const lastActivity = (await lastActivityOf(dealId))?.getTime() ?? 0
      expect(lastActivity).toBeGreaterThan(Date.now() - MINUTE)
      expect(lastActivity).toBeLessThanOrEqual(Date.now())

      const tooLate = new Date(Date.now() + 10 * MINUTE).toISOString()
      const preview = await callAs(
        app,
        admin,
        'POST',
        `/v1/deals/${dealId}/engagements/preview`,
        pasted(tooLate),
      )
      expect(preview.statusCode, preview.body).toBe(400)
      expect(preview.json<ErrorJson>().error.details?.[0]?.code).toBe('date_in_future')
    })

    it('files an .eml whose Date header is in the future at the upload time instead', async () => {
      const dealId = await newDeal()
      const before = Date.now()
      const eml = [
        'From: Priya Shah <priya@acme.test>',
        'To: ada@seller.test',
        'Subject: Next steps',
        'Date: Fri, 01 Jan 2099 10:00:00 +0000',
        '',
        'Can we meet next week?',
      ].join('\r\n')
      const response = await post(dealId, multipart({ name: 'next-steps.eml', content: eml }))
      expect(response.statusCode, response.body).toBe(201)
      const occurredAt = Date.parse(
        response.json<{ engagement: { occurred_at: string } }>().engagement.occurred_at,
      )
      expect(occurredAt).toBeGreaterThanOrEqual(before - 1000)
      expect(occurredAt).toBeLessThanOrEqual(Date.now())
    })
  })

  describe('speaker roles', () => {
    it('refuses to store a transcript whose speakers match no user or contact and have no role, naming them at roles', async () => {
      const dealId = await newDeal()
      const text = 'Ada: Hello.\nPriya Shah: Hi.\nGuest: Hello all.\nPriya Shah: Shall we?'
      // Ada is the organisation's user; this deal has no contacts, so Priya Shah is unmatched too.
      const refusals = [
        [
          await callAs(app, admin, 'POST', `/v1/deals/${dealId}/engagements`, {
            type: 'transcript',
            text,
          }),
          'Priya Shah, Guest',
        ],
        [await post(dealId, multipart({ name: 'call.txt', content: text })), 'Priya Shah, Guest'],
        // A role for one of them (in any case) does not do for the other.
        [
          await post(
            dealId,
            multipart({ name: 'call.txt', content: text }, { roles: '{"guest":"buyer"}' }),
          ),
          'Priya Shah',
        ],
      ] as const
      for (const [response, speakers] of refusals) {
        expect(response.statusCode, response.body).toBe(400)
        const { error } = response.json<ErrorJson>()
        expect(error.code).toBe('speaker_roles_required')
        expect(error.details).toHaveLength(1)
        expect(error.details?.[0]).toMatchObject({
          path: 'body.roles',
          code: 'speaker_roles_required',
        })
        expect(error.details?.[0]?.params?.speakers).toBe(speakers)
      }
      expect(await app.db.select().from(engagements).where(eq(engagements.dealId, dealId))).toEqual(
        [],
      )

      // The preview proposes them as buyers (Ada, a user, speaks), still unmatched: the uploader
      // confirms, and the store above still wants their roles named.
      const preview = await callAs(app, admin, 'POST', `/v1/deals/${dealId}/engagements/preview`, {
        type: 'transcript',
        text,
      })
      expect(preview.statusCode, preview.body).toBe(200)
      expect(
        preview
          .json<{ speakers: { speaker: string; proposed_role: string; matched: null }[] }>()
          .speakers.map((s) => [s.speaker, s.proposed_role, s.matched]),
      ).toEqual([
        ['Ada', 'seller', 'user'],
        ['Priya Shah', 'buyer', null],
        ['Guest', 'buyer', null],
      ])

      const stored = await callAs(app, admin, 'POST', `/v1/deals/${dealId}/engagements`, {
        type: 'transcript',
        text,
        roles: { 'Priya Shah': 'buyer', guest: 'unknown' },
      })
      expect(stored.statusCode, stored.body).toBe(201)
    })
  })
})
