import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { organisations } from '../../db/schema/organisations.js'
import {
  bearer,
  callAs,
  inviteMember,
  type SignedIn,
  signUp,
  uniqueEmail,
} from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

type ErrorJson = { error: { code: string; message: string; details?: { path: string }[] } }
interface ProductJson {
  name: string
  description: string
  value_propositions: string[]
  differentiators: string[]
  ideal_customer_profile: string
  competitors: string[]
}

const URL = '/v1/organisation/product'
const EMPTY: ProductJson = {
  name: '',
  description: '',
  value_propositions: [],
  differentiators: [],
  ideal_customer_profile: '',
  competitors: [],
}

describe('organisation product profile', () => {
  let testApp: TestApp
  const app = () => testApp.app
  /** Organisation A: an admin and an invited member. Organisation B: one admin. */
  let adminA: SignedIn
  let memberA: SignedIn
  let adminB: SignedIn

  const get = (session?: SignedIn) => callAs(app(), session, 'GET', URL)
  const put = (session: SignedIn | undefined, payload: object) =>
    callAs(app(), session, 'PUT', URL, payload)
  const profileOf = async (session: SignedIn) => {
    const response = await get(session)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<ProductJson>()
  }
  const pathsOf = (body: string) =>
    (JSON.parse(body) as ErrorJson).error.details?.map((d) => d.path).sort()
  const updatedAtOf = async (organisationId: string) => {
    const [row] = await app()
      .db.select({ updatedAt: organisations.updatedAt })
      .from(organisations)
      .where(eq(organisations.id, organisationId))
    return row?.updatedAt
  }

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    adminA = await signUp(app(), { email: uniqueEmail('alice', 'alpha.example') })
    adminB = await signUp(app(), { email: uniqueEmail('bob', 'beta.example') })
    memberA = await inviteMember(app(), adminA)
  })
  afterAll(() => testApp.close())

  it('answers empty strings and empty lists for a new sign-up', async () => {
    const session = await signUp(app())
    expect(await profileOf(session)).toEqual(EMPTY)
  })

  it('lets an admin replace the profile: texts trimmed, blank entries dropped', async () => {
    const before = await updatedAtOf(adminA.organisationId)
    const response = await put(adminA, {
      name: '  Dealcoach Pro ',
      description: '\tCoaching for every deal.\n',
      value_propositions: ['  Faster ramp ', '', '   ', 'Win more deals'],
      differentiators: ['\n', ' Reads every e-mail '],
      ideal_customer_profile: ' B2B SaaS, 20–200 sellers ',
      competitors: [' Gong', 'Chorus ', ' '],
    })
    expect(response.statusCode, response.body).toBe(200)
    const expected: ProductJson = {
      name: 'Dealcoach Pro',
      description: 'Coaching for every deal.',
      value_propositions: ['Faster ramp', 'Win more deals'],
      differentiators: ['Reads every e-mail'],
      ideal_customer_profile: 'B2B SaaS, 20–200 sellers',
      competitors: ['Gong', 'Chorus'],
    }
    expect(response.json()).toEqual(expected)
    expect(await profileOf(adminA)).toEqual(expected)
    // Every user of the organisation reads it; the organisation's own name is untouched.
    expect(await profileOf(memberA)).toEqual(expected)
    const me = await app().inject({
      method: 'GET',
      url: '/v1/users/me',
      headers: bearer(adminA.accessToken),
    })
    expect(me.json<{ organisation: { name: string } }>().organisation.name).toBe('Alpha')
    expect((await updatedAtOf(adminA.organisationId))?.getTime()).toBeGreaterThan(
      before?.getTime() ?? Infinity,
    )

    // The whole profile is replaced: lists can be emptied and texts cleared.
    const cleared = await put(adminA, { ...expected, competitors: [], description: '' })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect(await profileOf(adminA)).toEqual({ ...expected, competitors: [], description: '' })
  })

  it('refuses a member’s PUT with 403 and changes nothing', async () => {
    const before = await profileOf(adminA)
    const updatedAt = await updatedAtOf(adminA.organisationId)
    const response = await put(memberA, { ...EMPTY, name: 'Hijacked' })
    expect(response.statusCode).toBe(403)
    expect(response.json<ErrorJson>().error.code).toBe('forbidden')
    expect(await profileOf(adminA)).toEqual(before)
    expect(await updatedAtOf(adminA.organisationId)).toEqual(updatedAt)
  })

  it('requires a token for both methods', async () => {
    for (const response of [await get(), await put(undefined, EMPTY)]) {
      expect(response.statusCode).toBe(401)
      expect(response.json<ErrorJson>().error.code).toBe('unauthorized')
      expect(response.headers['www-authenticate']).toBe('Bearer')
    }
  })

  it('keeps organisations apart', async () => {
    const profileB = { ...EMPTY, name: 'Beta Suite', competitors: ['Alpha Inc'] }
    expect((await put(adminB, profileB)).statusCode).toBe(200)
    const profileA = await profileOf(adminA)
    expect(profileA.name).not.toBe('Beta Suite')
    expect(await profileOf(adminB)).toEqual(profileB)

    expect((await put(adminA, { ...profileA, name: 'Alpha Again' })).statusCode).toBe(200)
    expect(await profileOf(adminB)).toEqual(profileB)
    expect((await profileOf(adminA)).name).toBe('Alpha Again')
  })

  it('validates the body with field paths, changing nothing', async () => {
    const before = await profileOf(adminA)
    const valid = {
      name: 'n'.repeat(200),
      description: 'd'.repeat(5000),
      // 50 different entries (entries may not repeat) of 500 characters each.
      value_propositions: Array.from({ length: 50 }, (_, i) => String(i).padEnd(500, 'v')),
      differentiators: [],
      ideal_customer_profile: ' '.repeat(10) + 'i'.repeat(5000) + ' ',
      competitors: [],
    }
    const cases: [Record<string, unknown>, string[]][] = [
      [{ ...valid, name: 'n'.repeat(201) }, ['body.name']],
      [
        { ...valid, description: 'd'.repeat(5001), ideal_customer_profile: 'i'.repeat(5001) },
        ['body.description', 'body.ideal_customer_profile'],
      ],
      [
        { ...valid, competitors: Array.from({ length: 51 }, (_, i) => `Rival ${i}`) },
        ['body.competitors'],
      ],
      [
        { ...valid, value_propositions: ['ok', '', 'fine', 'v'.repeat(501)] },
        ['body.value_propositions.3'],
      ],
      [
        { ...valid, value_propositions: ['Faster close', 'Fewer tools', ' faster CLOSE '] },
        ['body.value_propositions.2'],
      ],
      [
        { ...valid, name: 42, differentiators: 'fast', competitors: ['ok', null] },
        ['body.competitors.1', 'body.differentiators', 'body.name'],
      ],
      [
        {
          name: 'Only a name',
          description: '',
          value_propositions: [],
          differentiators: [],
          competitors: [],
        },
        ['body.ideal_customer_profile'],
      ],
    ]
    for (const [payload, paths] of cases) {
      const response = await put(adminA, payload)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json<ErrorJson>().error.code).toBe('validation_failed')
      expect(pathsOf(response.body)).toEqual(paths)
    }
    expect(await profileOf(adminA)).toEqual(before)

    // The limits themselves are allowed, counted after trimming.
    const atLimits = await put(adminA, valid)
    expect(atLimits.statusCode, atLimits.body).toBe(200)
    expect(atLimits.json<ProductJson>().ideal_customer_profile).toHaveLength(5000)
  })

  it('documents both methods in the OpenAPI document', async () => {
    const openapi = await app().inject({ method: 'GET', url: '/openapi.json' })
    expect(openapi.statusCode).toBe(200)
    const document = openapi.json<{ paths: Record<string, Record<string, unknown>> }>()
    expect(Object.keys(document.paths[URL] ?? {}).sort()).toEqual(['get', 'put'])
  })
})
