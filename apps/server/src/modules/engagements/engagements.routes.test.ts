import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analysisRuns } from '../../db/schema/analysis.js'
import { contacts, dealContacts, deals } from '../../db/schema/deals.js'
import { engagements } from '../../db/schema/engagements.js'
import {
  bearer,
  callAs,
  inviteMember,
  type SignedIn,
  signUp,
  uniqueEmail,
} from '../../test-support/auth-helpers.js'
import { multipart } from '../../test-support/multipart.js'
import { createPipeline, type ErrorJson } from '../../test-support/pipeline-fixtures.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

interface SummaryJson {
  id: string
  deal_id: string
  type: string
  name: string
  occurred_at: string
  direction: string | null
  participants: string[]
  people: { name: string | null; email: string | null }[]
  source_file_name: string | null
  utterance_count: number
}
interface CreatedJson {
  engagement: SummaryJson
  analysis: { run_id: string; status: string }
}
interface DetailJson extends SummaryJson {
  utterances: { speaker: string; role: string; text: string; start_ms?: number }[]
  body: string
  subject?: string
}
interface PreviewJson {
  type: string
  name: string
  occurred_at: string
  speakers: {
    speaker: string
    proposed_role: string
    matched: string | null
    utterance_count: number
    sample: string
  }[]
  duplicate_of: { id: string; name: string } | null
}

const fixture = (name: string) =>
  readFileSync(new URL(`./test-fixtures/${name}`, import.meta.url), 'utf8')

/**
 * The roles of the fixtures' speakers who match no user or contact (Priya Shah is a contact of
 * some deals only): a stored call needs them.
 */
const GUEST_ROLES = {
  roles: JSON.stringify({ 'Unnamed Guest': 'buyer', 'Tom Becker': 'buyer', 'Priya Shah': 'buyer' }),
}

function upload(
  app: FastifyInstance,
  session: SignedIn,
  dealId: string,
  body: ReturnType<typeof multipart>,
  path = '',
) {
  return app.inject({
    method: 'POST',
    url: `/v1/deals/${dealId}/engagements${path}`,
    headers: { ...bearer(session.accessToken), ...body.headers },
    payload: body.payload,
  })
}

async function insertDeal(
  app: FastifyInstance,
  admin: SignedIn,
  pipeline: { id: string; stages: { stage_id: string }[] },
  ownerId: string | null,
  buyer?: { name: string; email: string },
): Promise<string> {
  const [deal] = await app.db
    .insert(deals)
    .values({
      organisationId: admin.organisationId,
      pipelineId: pipeline.id,
      stageId: pipeline.stages[0]?.stage_id ?? '',
      ownerId,
      name: `Acme ${randomUUID().slice(0, 6)}`,
    })
    .returning({ id: deals.id })
  if (!deal) throw new Error('no deal')
  if (buyer) {
    const [contact] = await app.db
      .insert(contacts)
      .values({ organisationId: admin.organisationId, ...buyer })
      .returning({ id: contacts.id })
    await app.db.insert(dealContacts).values({
      organisationId: admin.organisationId,
      dealId: deal.id,
      contactId: contact?.id ?? '',
      role: 'champion',
    })
  }
  return deal.id
}

const engagementCount = async (app: FastifyInstance, dealId: string) =>
  (await app.db.select().from(engagements).where(eq(engagements.dealId, dealId))).length

describe('engagements API', () => {
  let test: TestApp
  let app: FastifyInstance
  let admin: SignedIn
  let member: SignedIn
  let outsider: SignedIn
  let pipeline: { id: string; stages: { stage_id: string }[] }

  beforeAll(async () => {
    test = await createTestApp({ RUN_WORKERS: 'false' })
    app = test.app
    // Ada Lovelace is the organisation's user (the seller in the samples); Priya Shah the buyer.
    admin = await signUp(app, {
      email: uniqueEmail('ada', 'seller.test'),
      firstname: 'Ada',
      lastname: 'Lovelace',
    })
    member = await inviteMember(app, admin)
    outsider = await signUp(app, { firstname: 'Olga', lastname: 'Other' })
    pipeline = await createPipeline(app, admin, { name: 'Sales', framework: 'meddic' })
  })

  afterAll(async () => {
    await test.close()
  })

  // The member owns the deals they add calls to: members change only the deals they own.
  const newDeal = () =>
    insertDeal(app, admin, pipeline, member.userId, {
      name: 'Priya Shah',
      email: 'priya@acme-buyer.com',
    })

  it('stores a WebVTT call with voice tags and cue ids, maps users to seller and contacts to buyer, and queues the analysis in the same transaction', async () => {
    const dealId = await newDeal()
    const response = await upload(
      app,
      member,
      dealId,
      multipart(
        { name: 'discovery-call.vtt', content: fixture('discovery-call.vtt'), type: 'text/vtt' },
        { occurred_at: '2026-11-02T10:00:00Z' },
      ),
    )
    expect(response.statusCode, response.body).toBe(201)
    const created = response.json<CreatedJson>()
    expect(created.engagement).toMatchObject({
      deal_id: dealId,
      type: 'transcript',
      name: 'discovery-call',
      occurred_at: '2026-11-02T10:00:00.000Z',
      direction: null,
      participants: ['Ada Lovelace', 'Priya Shah', 'Ada'],
      source_file_name: 'discovery-call.vtt',
      utterance_count: 4,
    })
    expect(created.analysis.status).toBe('queued')

    const [run] = await app.db.select().from(analysisRuns).where(eq(analysisRuns.dealId, dealId))
    expect(run).toMatchObject({
      id: created.analysis.run_id,
      trigger: 'engagement',
      status: 'queued',
    })
    const [deal] = await app.db.select().from(deals).where(eq(deals.id, dealId))
    expect(deal?.lastActivityAt?.toISOString()).toBe('2026-11-02T10:00:00.000Z')

    const detail = await callAs(
      app,
      member,
      'GET',
      `/v1/engagements/${created.engagement.id}?engagement_type=transcript`,
    )
    expect(detail.statusCode, detail.body).toBe(200)
    const body = detail.json<DetailJson>()
    expect(body.utterances.map((u) => [u.speaker, u.role, u.start_ms])).toEqual([
      ['Ada Lovelace', 'seller', 1000],
      ['Priya Shah', 'buyer', 4500],
      ['Ada', 'seller', 9000],
      ['Priya Shah', 'buyer', 14250],
    ])
    expect(body.utterances[3]?.text).toContain('the price is a concern')

    const wrongType = await callAs(
      app,
      member,
      'GET',
      `/v1/engagements/${created.engagement.id}?engagement_type=email`,
    )
    expect(wrongType.statusCode).toBe(404)
  })

  it('reads engagement_type as spec §3 has it: transcript finds transcripts only, any other type is treated as email and finds e-mails, meetings and notes', async () => {
    const dealId = await newDeal()
    const rows = await app.db
      .insert(engagements)
      .values(
        (['transcript', 'email', 'meeting', 'note'] as const).map((type) => ({
          organisationId: admin.organisationId,
          dealId,
          type,
          name: `A ${type}`,
          occurredAt: new Date('2026-11-01T10:00:00Z'),
        })),
      )
      .returning({ id: engagements.id, type: engagements.type })
    const statusOf = async (id: string, query: string) =>
      (await callAs(app, admin, 'GET', `/v1/engagements/${id}${query}`)).statusCode
    for (const { id, type } of rows) {
      const transcript = type === 'transcript'
      for (const asked of ['transcript', 'Transcript', 'TRANSCRIPT']) {
        expect(await statusOf(id, `?engagement_type=${asked}`), type).toBe(transcript ? 200 : 404)
      }
      for (const other of ['email', 'meeting', 'note', 'call', 'EMAIL']) {
        expect(await statusOf(id, `?engagement_type=${other}`), `${type} as ${other}`).toBe(
          transcript ? 404 : 200,
        )
      }
      expect(await statusOf(id, '?engagement_type='), type).toBe(200)
      expect(await statusOf(id, ''), type).toBe(200)
    }
  })

  it('stores an SRT call with "Name: text" cues; the roles field wins over matching', async () => {
    const dealId = await newDeal()
    const response = await upload(
      app,
      admin,
      dealId,
      multipart(
        { name: 'pricing-call.srt', content: fixture('pricing-call.srt') },
        {
          roles: JSON.stringify({ 'Tom Becker': 'buyer', 'Ada Lovelace': 'unknown' }),
          name: 'Pricing call',
        },
      ),
    )
    expect(response.statusCode, response.body).toBe(201)
    const created = response.json<CreatedJson>()
    expect(created.engagement).toMatchObject({ name: 'Pricing call', utterance_count: 3 })
    const detail = (
      await callAs(app, admin, 'GET', `/v1/engagements/${created.engagement.id}`)
    ).json<DetailJson>()
    expect(detail.utterances.map((u) => [u.speaker, u.role])).toEqual([
      ['Ada Lovelace', 'unknown'],
      ['Tom Becker', 'buyer'],
      ['Ada Lovelace', 'unknown'],
    ])
  })

  it('stores a plain "Name: text" transcript once each speaker matching no user or contact has a role', async () => {
    const dealId = await newDeal()
    const response = await upload(
      app,
      admin,
      dealId,
      multipart({ name: 'notes-call.txt', content: fixture('notes-call.txt') }, GUEST_ROLES),
    )
    expect(response.statusCode, response.body).toBe(201)
    const id = response.json<CreatedJson>().engagement.id
    const detail = (await callAs(app, admin, 'GET', `/v1/engagements/${id}`)).json<DetailJson>()
    expect(detail.utterances.map((u) => [u.speaker, u.role])).toEqual([
      ['Ada', 'seller'],
      ['Priya Shah', 'buyer'],
      ['Unnamed Guest', 'buyer'],
      ['Ada', 'seller'],
    ])
  })

  it('adds the buyers the uploader asks for to the deal’s contacts with the call, and the next call matches them (QA 4)', async () => {
    const dealId = await newDeal()
    const response = await upload(
      app,
      member,
      dealId,
      multipart(
        { name: 'notes-call.txt', content: fixture('notes-call.txt') },
        {
          roles: JSON.stringify({ 'Unnamed Guest': 'buyer' }),
          // Ada is the seller and Priya already a contact: only the guest is added.
          add_contacts: JSON.stringify(['unnamed guest', 'Ada', 'Priya Shah', 'Nobody']),
        },
      ),
    )
    expect(response.statusCode, response.body).toBe(201)
    const contactsOf = async () =>
      (await callAs(app, member, 'GET', `/v1/deals/${dealId}/contacts`))
        .json<{ models: { name: string; email: string | null }[] }>()
        .models.map((contact) => [contact.name, contact.email])
        .sort()
    expect(await contactsOf()).toEqual([
      ['Priya Shah', 'priya@acme-buyer.com'],
      ['Unnamed Guest', null],
    ])

    // A pasted call with the same guest needs no role for them now: they are a contact.
    const preview = await callAs(app, member, 'POST', `/v1/deals/${dealId}/engagements/preview`, {
      type: 'transcript',
      text: 'Ada: Any news?\nUnnamed Guest: The review is done.',
    })
    expect(preview.json<PreviewJson>().speakers).toMatchObject([
      { speaker: 'Ada', proposed_role: 'seller', matched: 'user' },
      { speaker: 'Unnamed Guest', proposed_role: 'buyer', matched: 'contact' },
    ])

    // Pasted text takes the list as JSON; a malformed list in a form is a 400 at add_contacts.
    const pasted = await callAs(app, member, 'POST', `/v1/deals/${dealId}/engagements`, {
      type: 'transcript',
      text: 'Ada: Welcome.\nTom Becker: Thanks.',
      roles: { 'Tom Becker': 'buyer' },
      add_contacts: ['Tom Becker'],
    })
    expect(pasted.statusCode, pasted.body).toBe(201)
    expect((await contactsOf()).map(([name]) => name)).toContain('Tom Becker')
    const malformed = await upload(
      app,
      member,
      dealId,
      multipart(
        { name: 'other.txt', content: 'Ada: Hello.\nPriya Shah: Hi.' },
        { add_contacts: 'Tom' },
      ),
    )
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json<ErrorJson>().error.details?.[0]?.path).toBe('body.add_contacts')
  })

  it('stores a multipart .eml with its date, subject and direction, without the quoted reply', async () => {
    const dealId = await newDeal()
    const response = await upload(
      app,
      admin,
      dealId,
      multipart({
        name: 'rollout-reply.eml',
        content: fixture('rollout-reply.eml'),
        type: 'message/rfc822',
      }),
    )
    expect(response.statusCode, response.body).toBe(201)
    const created = response.json<CreatedJson>()
    expect(created.engagement).toMatchObject({
      type: 'email',
      name: 'Re: Rollout plan',
      occurred_at: '2026-11-03T14:05:00.000Z',
      direction: 'inbound',
      // The names the mail's From and To lines gave: the engine reads the addresses alone.
      participants: ['Priya Shah <priya@acme-buyer.com>', 'Ada Lovelace <ada@seller.test>'],
      people: [
        { name: 'Priya Shah', email: 'priya@acme-buyer.com' },
        { name: 'Ada Lovelace', email: 'ada@seller.test' },
      ],
      utterance_count: 0,
    })
    const detail = (
      await callAs(
        app,
        admin,
        'GET',
        `/v1/engagements/${created.engagement.id}?engagement_type=email`,
      )
    ).json<DetailJson>()
    expect(detail.body).toContain('Our CFO approved the budget for Q1.')
    expect(detail.body).not.toContain('Here is the rollout plan we discussed')
    expect(detail.subject).toBe('Re: Rollout plan')
  })

  it('names each of an e-mail’s people as the workspace knows them: a contact or user by their address, anyone else by the name the mail gave, a bare address by none (QA 1)', async () => {
    const dealId = await newDeal()
    const eml = [
      '"Chen, Maya" <Maya.Chen@elsewhere.test>',
      `=?UTF-8?Q?J=C3=BCrgen_M=C3=BCller?= <jm@elsewhere.test>,\r\n Priya S. <priya@acme-buyer.com>, ${admin.email}, nobody@elsewhere.test`,
    ]
    const response = await upload(
      app,
      admin,
      dealId,
      multipart({
        name: 'named.eml',
        content: `From: ${eml[0]}\r\nTo: ${eml[1]}\r\nSubject: Pricing\r\nDate: Tue, 03 Nov 2026 14:05:00 +0000\r\n\r\nCan you send the price list?\r\n`,
        type: 'message/rfc822',
      }),
    )
    expect(response.statusCode, response.body).toBe(201)
    const people = [
      // Not known to the workspace: the From line's name, unquoted.
      { name: 'Chen, Maya', email: 'maya.chen@elsewhere.test' },
      { name: 'Jürgen Müller', email: 'jm@elsewhere.test' },
      // The deal's contact and the organisation's user by the names the workspace has for them.
      { name: 'Priya Shah', email: 'priya@acme-buyer.com' },
      { name: 'Ada Lovelace', email: admin.email.toLowerCase() },
      { name: null, email: 'nobody@elsewhere.test' },
    ]
    expect(response.json<CreatedJson>().engagement.people).toEqual(people)

    const listed = await callAs(app, member, 'GET', `/v1/deals/${dealId}/engagements`)
    expect(listed.statusCode, listed.body).toBe(200)
    const [email] = listed.json<{ models: SummaryJson[] }>().models
    expect(email?.people).toEqual(people)
    expect(email?.participants[0]).toBe('"Chen, Maya" <maya.chen@elsewhere.test>')

    // A typed e-mail's "Name <address>" is read the same way; the detail names them too.
    const typed = await callAs(app, admin, 'POST', `/v1/deals/${dealId}/engagements`, {
      type: 'email',
      direction: 'outbound',
      from: admin.email,
      to: ['Maya Chen <maya.chen@elsewhere.test>'],
      subject: 'Price list',
      body: 'Attached.',
    })
    expect(typed.statusCode, typed.body).toBe(201)
    const detail = await callAs(
      app,
      member,
      'GET',
      `/v1/engagements/${typed.json<CreatedJson>().engagement.id}`,
    )
    expect(detail.json<DetailJson>().people).toEqual([
      { name: 'Ada Lovelace', email: admin.email.toLowerCase() },
      { name: 'Maya Chen', email: 'maya.chen@elsewhere.test' },
    ])
  })

  it('reads files that are not UTF-8: an 8-bit e-mail in its charset, a transcript as windows-1252', async () => {
    const dealId = await newDeal()
    const detailOf = async (file: { name: string; content: Buffer }, type: string) => {
      const created = await upload(app, admin, dealId, multipart(file))
      expect(created.statusCode, created.body).toBe(201)
      const id = created.json<CreatedJson>().engagement.id
      return (
        await callAs(app, admin, 'GET', `/v1/engagements/${id}?engagement_type=${type}`)
      ).json<DetailJson>()
    }
    const email = Buffer.concat([
      Buffer.from(
        'From: Priya Shah <priya@acme-buyer.com>\r\nTo: ada@seller.test\r\nSubject: Contract\r\n' +
          'Date: Tue, 3 Nov 2026 14:05:00 +0000\r\nContent-Type: text/plain; charset=windows-1252\r\n' +
          'Content-Transfer-Encoding: 8bit\r\n\r\nWe can',
      ),
      Buffer.from([0x92]),
      Buffer.from('t sign before the review ends '),
      Buffer.from([0x96]),
      Buffer.from(' sorry.\r\n'),
    ])
    const mail = await detailOf({ name: 'contract.eml', content: email }, 'email')
    expect(mail.body).toBe('We can’t sign before the review ends – sorry.')
    const transcript = Buffer.concat([
      Buffer.from('Ada: Shall we go ahead?\r\nPriya Shah: Not yet, we can'),
      Buffer.from([0x92]),
      Buffer.from('t before the review.\r\n'),
    ])
    const call = await detailOf({ name: 'call.txt', content: transcript }, 'transcript')
    expect(call.utterances[1]?.text).toBe('Not yet, we can’t before the review.')
  })

  it('stores a pasted transcript and a typed e-mail sent as JSON', async () => {
    const dealId = await newDeal()
    const transcript = await callAs(app, admin, 'POST', `/v1/deals/${dealId}/engagements`, {
      type: 'transcript',
      text: 'Ada: Did the security review pass?\nPriya Shah: It did, with two small findings.',
      name: 'Security follow-up',
    })
    expect(transcript.statusCode, transcript.body).toBe(201)
    expect(transcript.json<CreatedJson>().engagement).toMatchObject({
      name: 'Security follow-up',
      utterance_count: 2,
    })

    const email = await callAs(app, admin, 'POST', `/v1/deals/${dealId}/engagements`, {
      type: 'email',
      direction: 'outbound',
      from: 'ada@seller.test',
      to: ['priya@acme-buyer.com'],
      subject: 'Next steps',
      body: 'Hi Priya,\n\nI attached the order form.\n\nOn Mon, Nov 2, 2026 at 9:00 AM Priya <priya@acme-buyer.com> wrote:\n> Please send the order form.',
      occurred_at: '2026-11-04T09:00:00+01:00',
    })
    expect(email.statusCode, email.body).toBe(201)
    const created = email.json<CreatedJson>()
    expect(created.engagement).toMatchObject({
      type: 'email',
      name: 'Next steps',
      direction: 'outbound',
      occurred_at: '2026-11-04T08:00:00.000Z',
      participants: ['ada@seller.test', 'priya@acme-buyer.com'],
    })
    const detail = (
      await callAs(app, admin, 'GET', `/v1/engagements/${created.engagement.id}`)
    ).json<DetailJson>()
    expect(detail.body).toContain('I attached the order form.')
    expect(detail.body).not.toContain('Please send the order form')

    // Both writes share the deal's one queued run.
    expect(
      await app.db.select().from(analysisRuns).where(eq(analysisRuns.dealId, dealId)),
    ).toHaveLength(1)

    // Newest first by when it happened: the pasted call has no date, so it happened now.
    const list = await callAs(app, admin, 'GET', `/v1/deals/${dealId}/engagements`)
    expect(list.statusCode).toBe(200)
    expect(list.json<{ models: SummaryJson[] }>().models.map((m) => m.name)).toEqual([
      'Security follow-up',
      'Next steps',
    ])
  })

  it.each([
    ['broken.vtt', /WebVTT, line 7: expected a cue timing/],
    ['broken.srt', /SRT, line 6: expected/],
    ['broken.eml', /e-mail, line 9: multipart boundary "zz" is never closed/],
  ])(
    'refuses the malformed %s with a 400 naming the line, and stores nothing',
    async (name, message) => {
      const dealId = await newDeal()
      const response = await upload(app, admin, dealId, multipart({ name, content: fixture(name) }))
      expect(response.statusCode, response.body).toBe(400)
      const body = response.json<ErrorJson>()
      expect(body.error.code).toBe('invalid_file')
      expect(body.error.details?.[0]?.path).toBe('body.file')
      expect(body.error.details?.[0]?.message).toMatch(message)
      expect(await engagementCount(app, dealId)).toBe(0)
      expect(
        await app.db.select().from(analysisRuns).where(eq(analysisRuns.dealId, dealId)),
      ).toHaveLength(0)
    },
  )

  it('refuses a transcript without utterances', async () => {
    const dealId = await newDeal()
    const response = await upload(
      app,
      admin,
      dealId,
      multipart({ name: 'empty.vtt', content: 'WEBVTT\n\n' }),
    )
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json<ErrorJson>().error.code).toBe('invalid_file')
  })

  it.each([
    ['an empty .vtt', 'call.vtt', ''],
    ['a .txt of blank lines', 'call.txt', '\r\n  \r\n'],
    ['an empty .eml', 'mail.eml', ''],
  ])('refuses %s as empty_file at the file, for the preview too', async (_, name, content) => {
    const dealId = await newDeal()
    for (const path of ['/preview', '']) {
      const response = await upload(app, member, dealId, multipart({ name, content }), path)
      expect(response.statusCode, response.body).toBe(400)
      const error = response.json<ErrorJson>().error
      expect(error.code).toBe('empty_file')
      expect(error.details?.[0]).toMatchObject({ path: 'body.file', code: 'empty_file' })
    }
    expect(await engagementCount(app, dealId)).toBe(0)
  })

  it('says a plain-text transcript lacks "Name:" speakers, from a file and from pasted text', async () => {
    const dealId = await newDeal()
    const file = await upload(
      app,
      member,
      dealId,
      multipart({ name: 'notes.txt', content: 'We talked about the rollout.\nPrice came up.\n' }),
    )
    expect(file.statusCode, file.body).toBe(400)
    expect(file.json<ErrorJson>().error.code).toBe('invalid_file')
    expect(file.json<ErrorJson>().error.details?.[0]).toMatchObject({
      path: 'body.file',
      code: 'no_speaker_lines',
      params: { line: 1 },
    })
    const pasted = await callAs(app, member, 'POST', `/v1/deals/${dealId}/engagements`, {
      type: 'transcript',
      text: 'We talked about the rollout.',
    })
    expect(pasted.statusCode, pasted.body).toBe(400)
    expect(pasted.json<ErrorJson>().error.details?.[0]).toMatchObject({
      path: 'body.text',
      code: 'no_speaker_lines',
    })
    // A WebVTT file's problem is its own: no speaker hint.
    const vtt = await upload(
      app,
      member,
      dealId,
      multipart({ name: 'broken.vtt', content: fixture('broken.vtt') }),
    )
    expect(vtt.json<ErrorJson>().error.details?.[0]?.code).toBeUndefined()
    expect(await engagementCount(app, dealId)).toBe(0)
  })

  it('says a .vtt file without its "WEBVTT" first line is not WebVTT, for the preview too', async () => {
    const dealId = await newDeal()
    const content = 'Dana: We re-ship about 300 orders a month.\nSam: That adds up.\n'
    for (const path of ['/preview', '']) {
      const response = await upload(
        app,
        member,
        dealId,
        multipart({ name: 'call.vtt', content }),
        path,
      )
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json<ErrorJson>().error.code).toBe('invalid_file')
      expect(response.json<ErrorJson>().error.details?.[0]).toMatchObject({
        path: 'body.file',
        code: 'not_webvtt',
        params: { line: 1 },
      })
    }
    expect(await engagementCount(app, dealId)).toBe(0)
  })

  it('reads a UTF-16 transcript with a byte order mark (Windows "Unicode"), in either byte order', async () => {
    const text = 'Ada: Shall we go ahead, Zoë?\r\nPriya Shah: Not yet — after the review.\r\n'
    const littleEndian = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
    const bigEndian = Buffer.from(littleEndian).swap16()
    for (const content of [littleEndian, bigEndian]) {
      const dealId = await newDeal()
      const response = await upload(app, member, dealId, multipart({ name: 'call.txt', content }))
      expect(response.statusCode, response.body).toBe(201)
      const created = response.json<CreatedJson>()
      const detail = (
        await callAs(app, member, 'GET', `/v1/engagements/${created.engagement.id}`)
      ).json<DetailJson>()
      expect(detail.utterances.map((u) => [u.speaker, u.role, u.text])).toEqual([
        ['Ada', 'seller', 'Shall we go ahead, Zoë?'],
        ['Priya Shah', 'buyer', 'Not yet — after the review.'],
      ])
    }
    // UTF-16 holding a NUL character is still binary.
    const binary = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Ada: a\u0000b', 'utf16le'),
    ])
    const refused = await upload(
      app,
      member,
      await newDeal(),
      multipart({ name: 'call.txt', content: binary }),
    )
    expect(refused.statusCode, refused.body).toBe(400)
    expect(refused.json<ErrorJson>().error.code).toBe('binary_file')
    expect(refused.json<ErrorJson>().error.details?.[0]?.code).toBe('binary_file')
  })

  it('refuses an e-mail with no text as empty_email, an .eml with headers only and a typed reply that only quotes', async () => {
    const dealId = await newDeal()
    const headersOnly =
      'From: Priya Shah <priya@acme-buyer.com>\r\nTo: Ada Lovelace <ada@seller.test>\r\n' +
      'Subject: Re: Rollout plan\r\nDate: Tue, 3 Nov 2026 14:05:00 +0000\r\n\r\n'
    for (const path of ['/preview', '']) {
      const response = await upload(
        app,
        member,
        dealId,
        multipart({ name: 'reply.eml', content: headersOnly }),
        path,
      )
      expect(response.statusCode, response.body).toBe(400)
      const error = response.json<ErrorJson>().error
      expect(error.code).toBe('empty_email')
      expect(error.details?.[0]).toMatchObject({ path: 'body.file', code: 'empty_email' })
    }
    const typed = await callAs(app, member, 'POST', `/v1/deals/${dealId}/engagements`, {
      type: 'email',
      direction: 'inbound',
      from: 'priya@acme-buyer.com',
      subject: 'Re: Next steps',
      body: 'On Mon, Nov 2, 2026 at 9:00 AM Ada <ada@seller.test> wrote:\n> Shall we go ahead?',
    })
    expect(typed.statusCode, typed.body).toBe(400)
    expect(typed.json<ErrorJson>().error.details?.[0]).toMatchObject({
      path: 'body.body',
      code: 'empty_email',
    })
    expect(await engagementCount(app, dealId)).toBe(0)
  })

  it('refuses a file or a form field holding a NUL character with a 400, storing nothing', async () => {
    const dealId = await newDeal()
    const binary = await upload(
      app,
      admin,
      dealId,
      multipart({ name: 'call.txt', content: 'Ana: Hello\u0000 there\nBen: Hi\n' }),
    )
    expect(binary.statusCode, binary.body).toBe(400)
    // A top-level code of its own, as an empty file's is empty_file.
    expect(binary.json<ErrorJson>().error).toMatchObject({
      code: 'binary_file',
      details: [{ path: 'body.file', code: 'binary_file' }],
    })
    const field = await upload(
      app,
      admin,
      dealId,
      multipart(
        { name: 'call.txt', content: 'Ana: Hello there\nBen: Hi\n' },
        { name: 'Kick\u0000off' },
      ),
    )
    expect(field.statusCode, field.body).toBe(400)
    expect(field.json<ErrorJson>().error.details?.[0]).toMatchObject({
      path: 'body.name',
      code: 'nul_character',
    })
    expect(await engagementCount(app, dealId)).toBe(0)
  })

  it('refuses an unknown file type with 415 and a file over 10 MB with 413', async () => {
    const dealId = await newDeal()
    const pdf = await upload(
      app,
      admin,
      dealId,
      multipart({ name: 'contract.pdf', content: '%PDF-1.7' }),
    )
    expect(pdf.statusCode, pdf.body).toBe(415)
    expect(pdf.json<ErrorJson>().error.code).toBe('unsupported_file_type')

    const line = 'Ada: This call went on for a very long time indeed.\n'
    const huge = line.repeat(Math.ceil((10 * 1024 * 1024 + 1) / line.length))
    const tooLarge = await upload(
      app,
      admin,
      dealId,
      multipart({ name: 'long-call.txt', content: huge }),
    )
    expect(tooLarge.statusCode, tooLarge.body).toBe(413)
    expect(tooLarge.json<ErrorJson>().error.code).toBe('file_too_large')
    expect(await engagementCount(app, dealId)).toBe(0)
  })

  it('refuses the same call uploaded twice to a deal with 409 naming the earlier engagement', async () => {
    const dealId = await newDeal()
    const first = await upload(
      app,
      admin,
      dealId,
      multipart({ name: 'pricing-call.srt', content: fixture('pricing-call.srt') }, GUEST_ROLES),
    )
    expect(first.statusCode).toBe(201)
    const earlier = first.json<CreatedJson>().engagement
    // Same content with other line endings and a new name is still the same call.
    const again = await upload(
      app,
      member,
      dealId,
      multipart(
        {
          name: 'pricing-call-copy.srt',
          content: fixture('pricing-call.srt').replace(/\n/g, '\r\n'),
        },
        GUEST_ROLES,
      ),
    )
    expect(again.statusCode, again.body).toBe(409)
    const error = again.json<ErrorJson>().error
    expect(error.code).toBe('duplicate_engagement')
    expect(error.details?.[0]?.params).toEqual({
      engagement_id: earlier.id,
      engagement_name: 'pricing-call',
    })
    expect(await engagementCount(app, dealId)).toBe(1)

    // Another deal may hold the same call.
    const otherDeal = await newDeal()
    const elsewhere = await upload(
      app,
      admin,
      otherDeal,
      multipart({ name: 'pricing-call.srt', content: fixture('pricing-call.srt') }, GUEST_ROLES),
    )
    expect(elsewhere.statusCode).toBe(201)
  })

  it('stores one of two identical uploads sent at the same time and refuses the other', async () => {
    const dealId = await newDeal()
    const send = () =>
      upload(
        app,
        admin,
        dealId,
        multipart({ name: 'pricing-call.srt', content: fixture('pricing-call.srt') }, GUEST_ROLES),
      )
    // On PostgreSQL both can pass the duplicate check; the unique index then decides.
    const statuses = (await Promise.all([send(), send()])).map((r) => r.statusCode)
    expect(statuses.sort()).toEqual([201, 409])
    expect(await engagementCount(app, dealId)).toBe(1)
  })

  it('previews an upload without storing it: speakers, proposed roles and the duplicate', async () => {
    const dealId = await newDeal()
    const body = (fields = GUEST_ROLES) =>
      multipart({ name: 'notes-call.txt', content: fixture('notes-call.txt') }, fields)
    const preview = await upload(app, member, dealId, body({ roles: '' }), '/preview')
    expect(preview.statusCode, preview.body).toBe(200)
    const json = preview.json<PreviewJson>()
    expect(json).toMatchObject({ type: 'transcript', name: 'notes-call', duplicate_of: null })
    expect(
      json.speakers.map((s) => [s.speaker, s.proposed_role, s.matched, s.utterance_count]),
    ).toEqual([
      ['Ada', 'seller', 'user', 2],
      ['Priya Shah', 'buyer', 'contact', 1],
      // Matched to nobody, on a call Ada (a user) speaks in: proposed as the buyer, still unmatched.
      ['Unnamed Guest', 'buyer', null, 1],
    ])
    expect(json.speakers[1]?.sample).toBe(
      'Morning. Legal has a few questions about data residency.',
    )
    expect(await engagementCount(app, dealId)).toBe(0)
    expect(
      await app.db.select().from(analysisRuns).where(eq(analysisRuns.dealId, dealId)),
    ).toHaveLength(0)

    const stored = await upload(app, member, dealId, body())
    const again = (await upload(app, member, dealId, body(), '/preview')).json<PreviewJson>()
    expect(again.duplicate_of).toEqual({
      id: stored.json<CreatedJson>().engagement.id,
      name: 'notes-call',
    })
  })

  it('previews an Otter export, heading lines and all, with a long turn cut between words', async () => {
    const dealId = await newDeal()
    const longTurn = `We run payroll for nine locations ${'and every one of them closes late '.repeat(8)}.`
    const content = `Ada  0:01\nThanks for joining.\n\nPriya Shah  0:05\n${longTurn}\n`
    const preview = await upload(
      app,
      member,
      dealId,
      multipart({ name: 'otter-export.txt', content }),
      '/preview',
    )
    expect(preview.statusCode, preview.body).toBe(200)
    const [seller, buyer] = preview.json<PreviewJson>().speakers
    expect([seller?.speaker, seller?.proposed_role, buyer?.speaker, buyer?.proposed_role]).toEqual([
      'Ada',
      'seller',
      'Priya Shah',
      'buyer',
    ])
    expect(seller?.sample).toBe('Thanks for joining.')
    expect(buyer?.sample.length).toBeLessThanOrEqual(160)
    expect(buyer?.sample).toMatch(
      /^We run payroll for nine locations .*\bof them closes\b.*[a-z]…$/,
    )
    expect(longTurn.startsWith(buyer?.sample.slice(0, -1) ?? '')).toBe(true)
  })

  it('lets a member add calls and e-mails only to deals they own, as for changing the deal (403 not_deal_owner)', async () => {
    const adminsDeal = await insertDeal(app, admin, pipeline, admin.userId)
    const unowned = await insertDeal(app, admin, pipeline, null)
    const file = () =>
      multipart({ name: 'notes-call.txt', content: fixture('notes-call.txt') }, GUEST_ROLES)
    const pasted = { type: 'transcript', text: 'Ada: Hello\nPriya: Hi' }
    const typed = {
      type: 'email',
      direction: 'inbound',
      from: 'priya@acme-buyer.com',
      subject: 'Pricing',
      body: 'What does it cost?',
    }
    const patch = await callAs(app, member, 'PATCH', `/v1/deals/${adminsDeal}`, { name: 'Mine' })
    expect(patch.statusCode).toBe(403)
    for (const dealId of [adminsDeal, unowned]) {
      const refusals = [
        await upload(app, member, dealId, file()),
        await upload(app, member, dealId, file(), '/preview'),
        await callAs(app, member, 'POST', `/v1/deals/${dealId}/engagements`, pasted),
        await callAs(app, member, 'POST', `/v1/deals/${dealId}/engagements`, typed),
        await callAs(app, member, 'POST', `/v1/deals/${dealId}/engagements/preview`, pasted),
      ]
      for (const refused of refusals) {
        expect(refused.statusCode, refused.body).toBe(403)
        // The same answer as PATCH /v1/deals/{id} gives.
        expect(refused.json<ErrorJson>()).toEqual(patch.json<ErrorJson>())
      }
      expect(await engagementCount(app, dealId)).toBe(0)
    }
    expect(patch.json<ErrorJson>().error).toEqual({
      code: 'not_deal_owner',
      message: 'Only the deal’s owner or an admin may change it.',
    })

    // An admin adds to any deal of the organisation, the member to their own.
    expect((await upload(app, admin, adminsDeal, file())).statusCode).toBe(201)
    expect(
      (await callAs(app, admin, 'POST', `/v1/deals/${unowned}/engagements`, typed)).statusCode,
    ).toBe(201)
    const own = await newDeal()
    expect((await upload(app, member, own, file())).statusCode).toBe(201)
    expect(
      (await callAs(app, member, 'POST', `/v1/deals/${own}/engagements`, typed)).statusCode,
    ).toBe(201)
  })

  it('lets admins and the deal owner delete, re-analysing the deal; members who do not own it get 403', async () => {
    const dealId = await insertDeal(app, admin, pipeline, admin.userId)
    const created = await upload(
      app,
      admin,
      dealId,
      multipart({ name: 'notes-call.txt', content: fixture('notes-call.txt') }, GUEST_ROLES),
    )
    const id = created.json<CreatedJson>().engagement.id
    // The first run is taken, so the delete must ask for a new one.
    await app.db.update(analysisRuns).set({ status: 'done' }).where(eq(analysisRuns.dealId, dealId))

    const refused = await callAs(app, member, 'DELETE', `/v1/engagements/${id}`)
    expect(refused.statusCode, refused.body).toBe(403)
    expect(refused.json<ErrorJson>().error).toEqual({
      code: 'not_deal_owner',
      message: 'Only the deal’s owner or an admin may change it.',
    })

    const memberDeal = await insertDeal(app, admin, pipeline, member.userId)
    const own = await upload(
      app,
      member,
      memberDeal,
      multipart({ name: 'notes-call.txt', content: fixture('notes-call.txt') }, GUEST_ROLES),
    )
    expect(
      (
        await callAs(
          app,
          member,
          'DELETE',
          `/v1/engagements/${own.json<CreatedJson>().engagement.id}`,
        )
      ).statusCode,
    ).toBe(204)

    expect((await callAs(app, admin, 'DELETE', `/v1/engagements/${id}`)).statusCode).toBe(204)
    expect(await engagementCount(app, dealId)).toBe(0)
    const queued = await app.db
      .select()
      .from(analysisRuns)
      .where(and(eq(analysisRuns.dealId, dealId), eq(analysisRuns.status, 'queued')))
    expect(queued).toHaveLength(1)
    expect((await callAs(app, admin, 'GET', `/v1/engagements/${id}`)).statusCode).toBe(404)
  })

  it('answers 404 for another organisation’s deals and engagements', async () => {
    const dealId = await newDeal()
    const created = await upload(
      app,
      admin,
      dealId,
      multipart({ name: 'notes-call.txt', content: fixture('notes-call.txt') }, GUEST_ROLES),
    )
    const id = created.json<CreatedJson>().engagement.id
    const body = () =>
      multipart({ name: 'pricing-call.srt', content: fixture('pricing-call.srt') }, GUEST_ROLES)

    expect((await upload(app, outsider, dealId, body())).statusCode).toBe(404)
    expect((await upload(app, outsider, dealId, body(), '/preview')).statusCode).toBe(404)
    expect((await callAs(app, outsider, 'GET', `/v1/deals/${dealId}/engagements`)).statusCode).toBe(
      404,
    )
    expect((await callAs(app, outsider, 'GET', `/v1/engagements/${id}`)).statusCode).toBe(404)
    expect((await callAs(app, outsider, 'DELETE', `/v1/engagements/${id}`)).statusCode).toBe(404)
    expect(await engagementCount(app, dealId)).toBe(1)
  })

  it('requires a file in a multipart upload and valid roles', async () => {
    const dealId = await newDeal()
    const noFile = await upload(app, admin, dealId, multipart(undefined, { name: 'x' }))
    expect(noFile.statusCode).toBe(400)
    expect(noFile.json<ErrorJson>().error.details?.[0]?.path).toBe('body.file')
    const badRoles = await upload(
      app,
      admin,
      dealId,
      multipart(
        { name: 'notes-call.txt', content: fixture('notes-call.txt') },
        { roles: '{"Ada": "boss"}' },
      ),
    )
    expect(badRoles.statusCode).toBe(400)
    expect(badRoles.json<ErrorJson>().error.details?.[0]?.path).toBe('body.roles')
  })
})
