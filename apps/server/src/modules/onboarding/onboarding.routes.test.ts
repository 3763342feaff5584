import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { crmIntegrations } from '../../db/schema/crm.js'
import { deals } from '../../db/schema/deals.js'
import { objectionTypes } from '../../db/schema/objection-types.js'
import { organisations } from '../../db/schema/organisations.js'
import { pipelines, stages } from '../../db/schema/pipelines.js'
import { appSettings, onboardingForms } from '../../db/schema/settings.js'
import {
  bearer,
  callAs,
  inviteMember,
  type SignedIn,
  signUp,
  uniqueEmail,
  type HttpMethod,
} from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

type ErrorJson = { error: { code: string; message: string; details?: { path: string }[] } }
interface FormJson {
  id: string
  full_name: string | null
  email: string | null
  team_size: string | null
  is_primary_contact: boolean | null
  call_recording_app: string | null
  call_recording_app_other: string | null
  sales_framework: string[] | null
  sales_framework_custom: string | null
  submitted_by: string | null
  created_at: string
}
type StepKey =
  | 'product_described'
  | 'pipeline_configured'
  | 'objection_types_reviewed'
  | 'crm_linked_or_data_imported'
  | 'teammates_invited'
interface ChecklistJson {
  steps: { key: StepKey; done: boolean; computed: boolean; ticked: boolean }[]
  completed: number
  total: number
}

const FORM_URL = '/v1/forms/client_onboarding'
const CHECKLIST_URL = '/v1/app-setting/onboarding_checklist'
const STEP_KEYS: StepKey[] = [
  'product_described',
  'pipeline_configured',
  'objection_types_reviewed',
  'crm_linked_or_data_imported',
  'teammates_invited',
]
const NULL_FORM = {
  full_name: null,
  email: null,
  team_size: null,
  is_primary_contact: null,
  call_recording_app: null,
  call_recording_app_other: null,
  sales_framework: null,
  sales_framework_custom: null,
}

describe('onboarding questionnaire and checklist', () => {
  let testApp: TestApp
  const app = () => testApp.app
  /** A: an admin and an invited member. B: a lone admin. C and D: lone admins whose checklists move. */
  let adminA: SignedIn
  let memberA: SignedIn
  let adminB: SignedIn
  let adminC: SignedIn
  let adminD: SignedIn

  const request = (method: HttpMethod, url: string, session?: SignedIn, payload?: unknown) =>
    callAs(app(), session, method, url, payload)
  const submit = (session: SignedIn | undefined, payload: unknown) =>
    request('POST', FORM_URL, session, payload)
  const latestOf = async (session: SignedIn) => {
    const response = await request('GET', FORM_URL, session)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ form: FormJson | null }>().form
  }
  const checklistOf = async (session: SignedIn) => {
    const response = await request('GET', CHECKLIST_URL, session)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<ChecklistJson>()
  }
  const patchChecklist = (session: SignedIn | undefined, steps: unknown) =>
    request('PATCH', CHECKLIST_URL, session, { steps })
  const stepOf = (checklist: ChecklistJson, key: StepKey) => {
    const step = checklist.steps.find((candidate) => candidate.key === key)
    if (!step) throw new Error(`no step ${key}`)
    return step
  }
  const computedOf = async (session: SignedIn, key: StepKey) =>
    stepOf(await checklistOf(session), key).computed
  const pathsOf = (body: string) =>
    (JSON.parse(body) as ErrorJson).error.details?.map((d) => d.path).sort()
  const formCountOf = async (organisationId: string) =>
    (
      await app()
        .db.select({ id: onboardingForms.id })
        .from(onboardingForms)
        .where(eq(onboardingForms.organisationId, organisationId))
    ).length
  const seededPipelineOf = async (organisationId: string) => {
    const [row] = await app()
      .db.select()
      .from(pipelines)
      .where(eq(pipelines.organisationId, organisationId))
    if (!row) throw new Error('no seeded pipeline')
    return row
  }

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    adminA = await signUp(app(), { email: uniqueEmail('alice', 'alpha.example') })
    adminB = await signUp(app(), { email: uniqueEmail('bob', 'beta.example') })
    adminC = await signUp(app(), { email: uniqueEmail('cleo', 'gamma.example') })
    adminD = await signUp(app(), { email: uniqueEmail('dan', 'delta.example') })
    memberA = await inviteMember(app(), adminA)
  })
  afterAll(() => testApp.close())

  describe('POST and GET /v1/forms/client_onboarding', () => {
    it('answers null before the first submission', async () => {
      expect(await latestOf(adminB)).toBeNull()
    })

    it('stores only the answers sent, recording who sent them', async () => {
      const response = await submit(adminA, {
        full_name: '  Alice Admin ',
        team_size: '6-20',
        is_primary_contact: false,
        sales_framework: ['meddic', 'custom'],
        sales_framework_custom: ' Our own blend ',
      })
      expect(response.statusCode, response.body).toBe(201)
      const form = response.json<FormJson>()
      expect(form).toEqual({
        ...NULL_FORM,
        id: expect.any(String) as string,
        full_name: 'Alice Admin',
        team_size: '6-20',
        is_primary_contact: false,
        sales_framework: ['meddic', 'custom'],
        sales_framework_custom: 'Our own blend',
        submitted_by: adminA.userId,
        created_at: expect.any(String) as string,
      })
      const [row] = await app()
        .db.select()
        .from(onboardingForms)
        .where(eq(onboardingForms.id, form.id))
      expect(row).toMatchObject({
        organisationId: adminA.organisationId,
        submittedBy: adminA.userId,
        email: null,
        callRecordingApp: null,
        callRecordingAppOther: null,
        isPrimaryContact: false,
      })
      expect(await latestOf(adminA)).toEqual(form)
    })

    it('takes a blank answer to an optional question as no answer (spec §3, §5)', async () => {
      const admin = await signUp(app(), { email: uniqueEmail('erin', 'epsilon.example') })
      const response = await submit(admin, {
        full_name: '   ',
        email: '',
        team_size: '21-50',
        is_primary_contact: ' ',
        call_recording_app: 'gong',
        // Blank, so no answer that would need call_recording_app 'other'.
        call_recording_app_other: '  ',
        sales_framework_custom: '',
      })
      expect(response.statusCode, response.body).toBe(201)
      expect(response.json<FormJson>()).toEqual({
        ...NULL_FORM,
        id: expect.any(String) as string,
        team_size: '21-50',
        call_recording_app: 'gong',
        submitted_by: admin.userId,
        created_at: expect.any(String) as string,
      })

      // Blank answers alone answer nothing, which is refused as an empty form is.
      const before = await formCountOf(admin.organisationId)
      const blank = await submit(admin, { full_name: ' ', email: '', team_size: '\t' })
      expect(blank.statusCode).toBe(400)
      expect(blank.json<ErrorJson>().error).toMatchObject({
        code: 'validation_failed',
        message: 'Answer at least one question.',
        details: [{ path: 'body' }],
      })
      expect(await formCountOf(admin.organisationId)).toBe(before)
    })

    it('answers the latest submission to every member of the organisation', async () => {
      const response = await submit(adminA, {
        email: 'alice@alpha.example',
        call_recording_app: 'other',
        call_recording_app_other: 'Homegrown recorder',
      })
      expect(response.statusCode, response.body).toBe(201)
      const latest = response.json<FormJson>()
      expect(latest).toMatchObject({
        ...NULL_FORM,
        email: 'alice@alpha.example',
        call_recording_app: 'other',
        call_recording_app_other: 'Homegrown recorder',
      })
      expect(await latestOf(adminA)).toEqual(latest)
      expect(await latestOf(memberA)).toEqual(latest)
    })

    it('keeps organisations apart', async () => {
      expect(await latestOf(adminB)).toBeNull()
      const response = await submit(adminB, { team_size: '201+' })
      expect(response.statusCode, response.body).toBe(201)
      expect((await latestOf(adminB))?.team_size).toBe('201+')
      expect((await latestOf(adminA))?.team_size).toBeNull()
      expect((await latestOf(adminA))?.email).toBe('alice@alpha.example')
    })

    it('refuses members with 403 and callers without a token with 401, storing nothing', async () => {
      const before = await formCountOf(adminA.organisationId)
      const forbidden = await submit(memberA, { team_size: '1-5' })
      expect(forbidden.statusCode).toBe(403)
      expect(forbidden.json<ErrorJson>().error.code).toBe('forbidden')
      for (const response of [
        await submit(undefined, { team_size: '1-5' }),
        await request('GET', FORM_URL),
      ]) {
        expect(response.statusCode).toBe(401)
        expect(response.json<ErrorJson>().error.code).toBe('unauthorized')
      }
      expect(await formCountOf(adminA.organisationId)).toBe(before)
    })

    it('validates the answers with field paths, storing nothing', async () => {
      const before = await formCountOf(adminA.organisationId)
      const cases: [unknown, string[]][] = [
        [{}, ['body']],
        [{ unknown_question: 'ignored' }, ['body']],
        [{ call_recording_app_other: 'Tape' }, ['body.call_recording_app_other']],
        [
          { call_recording_app: 'gong', call_recording_app_other: 'Tape' },
          ['body.call_recording_app_other'],
        ],
        [{ sales_framework_custom: 'Ours' }, ['body.sales_framework_custom']],
        [
          {
            sales_framework: ['bant'],
            sales_framework_custom: 'Ours',
            call_recording_app: 'zoom',
            call_recording_app_other: 'x',
          },
          ['body.call_recording_app_other', 'body.sales_framework_custom'],
        ],
        [{ team_size: '7' }, ['body.team_size']],
        [{ call_recording_app: 'cassette' }, ['body.call_recording_app']],
        [{ sales_framework: ['bant', 'bant'] }, ['body.sales_framework']],
        [{ sales_framework: [] }, ['body.sales_framework']],
        [{ sales_framework: ['waterfall'] }, ['body.sales_framework.0']],
        [{ full_name: '   ', email: 'not-an-address' }, ['body.email']],
        [{ full_name: ' ', team_size: 'Six' }, ['body.team_size']],
        [{ full_name: 'x'.repeat(201) }, ['body.full_name']],
        [
          { call_recording_app: 'other', call_recording_app_other: 'y'.repeat(501) },
          ['body.call_recording_app_other'],
        ],
        [{ is_primary_contact: 'yes' }, ['body.is_primary_contact']],
      ]
      for (const [payload, paths] of cases) {
        const response = await submit(adminA, payload)
        expect(response.statusCode, JSON.stringify(payload)).toBe(400)
        expect(response.json<ErrorJson>().error.code).toBe('validation_failed')
        expect(pathsOf(response.body), JSON.stringify(payload)).toEqual(paths)
      }
      const empty = await submit(adminA, {})
      expect(empty.json<ErrorJson>().error.message).toBe('Answer at least one question.')
      const notJson = await app().inject({
        method: 'POST',
        url: FORM_URL,
        headers: { ...bearer(adminA.accessToken), 'content-type': 'application/json' },
        payload: '{"team_size":',
      })
      expect(notJson.statusCode).toBe(400)
      expect(await formCountOf(adminA.organisationId)).toBe(before)
    })
  })

  describe('/v1/app-setting/onboarding_checklist', () => {
    it('starts with no step done: the seeded pipeline and objection types do not count', async () => {
      // The seed runs in the sign-up transaction, so now() gives its rows the organisation's time.
      const [organisation] = await app()
        .db.select()
        .from(organisations)
        .where(eq(organisations.id, adminC.organisationId))
      const pipeline = await seededPipelineOf(adminC.organisationId)
      expect(pipeline.createdAt).toEqual(organisation?.createdAt)
      expect(pipeline.updatedAt).toEqual(organisation?.createdAt)

      const checklist = await checklistOf(adminC)
      expect(checklist).toEqual({
        steps: STEP_KEYS.map((key) => ({ key, done: false, computed: false, ticked: false })),
        completed: 0,
        total: 5,
      })
    })

    it('computes "product described" from the product profile', async () => {
      const profile = {
        name: 'Gamma CRM',
        description: '',
        value_propositions: [],
        differentiators: [],
        ideal_customer_profile: '',
        competitors: [],
      }
      expect((await request('PUT', '/v1/organisation/product', adminC, profile)).statusCode).toBe(
        200,
      )
      expect(await computedOf(adminC, 'product_described')).toBe(false)
      const described = { ...profile, description: 'Pipelines for small agencies.' }
      expect((await request('PUT', '/v1/organisation/product', adminC, described)).statusCode).toBe(
        200,
      )
      const checklist = await checklistOf(adminC)
      expect(stepOf(checklist, 'product_described')).toEqual({
        key: 'product_described',
        done: true,
        computed: true,
        ticked: false,
      })
      expect(checklist.completed).toBe(1)
    })

    it('computes "pipeline configured" once an active pipeline with stages and actions changes', async () => {
      const seeded = await seededPipelineOf(adminC.organisationId)
      // A new pipeline without stages or actions is not a configured one.
      await app()
        .db.insert(pipelines)
        .values({ organisationId: adminC.organisationId, name: 'Empty' })
      expect(await computedOf(adminC, 'pipeline_configured')).toBe(false)

      // An edited pipeline that is inactive does not count either.
      await app()
        .db.update(pipelines)
        .set({ active: false, updatedAt: sql`now()` })
        .where(eq(pipelines.id, seeded.id))
      expect(await computedOf(adminC, 'pipeline_configured')).toBe(false)

      await app()
        .db.update(pipelines)
        .set({ active: true, updatedAt: sql`now()` })
        .where(eq(pipelines.id, seeded.id))
      expect(await computedOf(adminC, 'pipeline_configured')).toBe(true)
    })

    it('computes "objection types reviewed" once a type is changed or added', async () => {
      const [seeded] = await app()
        .db.select()
        .from(objectionTypes)
        .where(eq(objectionTypes.organisationId, adminC.organisationId))
        .limit(1)
      if (!seeded) throw new Error('no seeded objection type')
      // Deleting one counts as reviewing it.
      await app()
        .db.update(objectionTypes)
        .set({ deleted: true, updatedAt: sql`now()` })
        .where(eq(objectionTypes.id, seeded.id))
      expect(await computedOf(adminC, 'objection_types_reviewed')).toBe(true)

      expect(await computedOf(adminD, 'objection_types_reviewed')).toBe(false)
      await app().db.insert(objectionTypes).values({
        id: randomUUID(),
        organisationId: adminD.organisationId,
        name: 'Legal review',
        source: 'user',
      })
      expect(await computedOf(adminD, 'objection_types_reviewed')).toBe(true)
    })

    it('computes "CRM linked or data imported" from a linked CRM or any deal', async () => {
      await app().db.insert(crmIntegrations).values({
        organisationId: adminC.organisationId,
        provider: 'hubspot',
        status: 'pending',
      })
      expect(await computedOf(adminC, 'crm_linked_or_data_imported')).toBe(false)
      await app()
        .db.update(crmIntegrations)
        .set({ status: 'linked', linkedAt: sql`now()` })
        .where(eq(crmIntegrations.organisationId, adminC.organisationId))
      expect(await computedOf(adminC, 'crm_linked_or_data_imported')).toBe(true)

      expect(await computedOf(adminD, 'crm_linked_or_data_imported')).toBe(false)
      const pipeline = await seededPipelineOf(adminD.organisationId)
      const [stage] = await app()
        .db.select()
        .from(stages)
        .where(eq(stages.pipelineId, pipeline.id))
        .limit(1)
      if (!stage) throw new Error('no seeded stage')
      await app().db.insert(deals).values({
        organisationId: adminD.organisationId,
        pipelineId: pipeline.id,
        stageId: stage.id,
        name: 'Imported deal',
      })
      expect(await computedOf(adminD, 'crm_linked_or_data_imported')).toBe(true)
    })

    it('does not count an invitation that was revoked', async () => {
      const admin = await signUp(app(), { email: uniqueEmail('eve', 'epsilon.example') })
      const invitation = await request('POST', '/v1/users/invitations', admin, {
        email: uniqueEmail('teammate', 'epsilon.example'),
        first_name: 'Rae',
        last_name: 'Voke',
      })
      expect(invitation.statusCode, invitation.body).toBe(201)
      expect(await computedOf(admin, 'teammates_invited')).toBe(true)
      const pending = await request('GET', '/v1/users/invitations', admin)
      const [sent] = pending.json<{ models: { id: string }[] }>().models
      const revoked = await request('DELETE', `/v1/users/invitations/${sent?.id ?? ''}`, admin)
      expect(revoked.statusCode, revoked.body).toBe(204)
      expect(await computedOf(admin, 'teammates_invited')).toBe(false)
    })

    it('computes "teammates invited" as soon as an invitation is sent', async () => {
      expect(await computedOf(adminC, 'teammates_invited')).toBe(false)
      const invitation = await request('POST', '/v1/users/invitations', adminC, {
        email: uniqueEmail('teammate', 'gamma.example'),
        first_name: 'Tess',
        last_name: 'Mate',
      })
      expect(invitation.statusCode, invitation.body).toBe(201)
      const checklist = await checklistOf(adminC)
      expect(stepOf(checklist, 'teammates_invited').computed).toBe(true)
      // Organisation A's member joined through an invitation too.
      expect(await computedOf(adminA, 'teammates_invited')).toBe(true)
      expect(checklist).toEqual({
        steps: STEP_KEYS.map((key) => ({ key, done: true, computed: true, ticked: false })),
        completed: 5,
        total: 5,
      })
    })

    it('lets an admin tick and untick steps by hand, merging with earlier ticks', async () => {
      const ticked = await patchChecklist(adminB, [
        { key: 'crm_linked_or_data_imported', ticked: true },
        { key: 'teammates_invited', ticked: true },
      ])
      expect(ticked.statusCode, ticked.body).toBe(200)
      const afterTick = ticked.json<ChecklistJson>()
      expect(stepOf(afterTick, 'crm_linked_or_data_imported')).toEqual({
        key: 'crm_linked_or_data_imported',
        done: true,
        computed: false,
        ticked: true,
      })
      expect(afterTick.completed).toBe(2)
      expect(afterTick.steps.map((step) => step.key)).toEqual(STEP_KEYS)

      // A later PATCH only changes the steps it names.
      const merged = await patchChecklist(adminB, [
        { key: 'pipeline_configured', ticked: true },
        { key: 'teammates_invited', ticked: false },
      ])
      expect(merged.statusCode, merged.body).toBe(200)
      const afterMerge = await checklistOf(adminB)
      expect(afterMerge).toEqual(merged.json())
      expect(afterMerge.steps.filter((step) => step.ticked).map((step) => step.key)).toEqual([
        'pipeline_configured',
        'crm_linked_or_data_imported',
      ])
      expect(stepOf(afterMerge, 'teammates_invited')).toMatchObject({ done: false, ticked: false })

      // Unticking a step the data shows keeps it done; a step listed twice takes its last value.
      const again = await patchChecklist(adminC, [
        { key: 'product_described', ticked: true },
        { key: 'product_described', ticked: false },
      ])
      expect(stepOf(again.json<ChecklistJson>(), 'product_described')).toEqual({
        key: 'product_described',
        done: true,
        computed: true,
        ticked: false,
      })

      const [setting] = await app()
        .db.select({ value: appSettings.value })
        .from(appSettings)
        .where(
          and(
            eq(appSettings.organisationId, adminB.organisationId),
            eq(appSettings.key, 'onboarding_checklist'),
          ),
        )
      expect(setting?.value).toEqual({
        ticked: { pipeline_configured: true, crm_linked_or_data_imported: true },
      })
    })

    it('keeps organisations’ checklists apart', async () => {
      const ticked = await patchChecklist(adminA, [{ key: 'pipeline_configured', ticked: true }])
      expect(ticked.statusCode).toBe(200)
      const checklistA = await checklistOf(memberA)
      expect(stepOf(checklistA, 'pipeline_configured').ticked).toBe(true)
      expect(stepOf(checklistA, 'crm_linked_or_data_imported').ticked).toBe(false)
      const checklistD = await checklistOf(adminD)
      expect(checklistD.steps.some((step) => step.ticked)).toBe(false)
      // D's deal and B's hand ticks do not leak into A.
      expect(stepOf(checklistA, 'crm_linked_or_data_imported').done).toBe(false)
    })

    it('ignores a stored setting of an unexpected shape, and a PATCH repairs it', async () => {
      await app()
        .db.update(appSettings)
        .set({ value: sql`'"garbled"'::jsonb` })
        .where(eq(appSettings.organisationId, adminA.organisationId))
      expect((await checklistOf(adminA)).steps.some((step) => step.ticked)).toBe(false)
      const repaired = await patchChecklist(adminA, [{ key: 'teammates_invited', ticked: true }])
      expect(repaired.statusCode, repaired.body).toBe(200)
      expect(
        repaired
          .json<ChecklistJson>()
          .steps.filter((step) => step.ticked)
          .map((step) => step.key),
      ).toEqual(['teammates_invited'])
    })

    it('refuses members’ PATCH with 403 and callers without a token with 401', async () => {
      const before = await checklistOf(adminA)
      const forbidden = await patchChecklist(memberA, [{ key: 'product_described', ticked: true }])
      expect(forbidden.statusCode).toBe(403)
      expect(forbidden.json<ErrorJson>().error.code).toBe('forbidden')
      for (const response of [
        await request('GET', CHECKLIST_URL),
        await patchChecklist(undefined, [{ key: 'product_described', ticked: true }]),
      ]) {
        expect(response.statusCode).toBe(401)
        expect(response.json<ErrorJson>().error.code).toBe('unauthorized')
      }
      expect(await checklistOf(adminA)).toEqual(before)
    })

    it('validates the PATCH body with field paths', async () => {
      const before = await checklistOf(adminA)
      const cases: [unknown, string[]][] = [
        [{}, ['body.steps']],
        [{ steps: [] }, ['body.steps']],
        [{ steps: [{ key: 'win_deals', ticked: true }] }, ['body.steps.0.key']],
        [
          { steps: [{ key: 'product_described' }, { key: 'teammates_invited', ticked: 'yes' }] },
          ['body.steps.0.ticked', 'body.steps.1.ticked'],
        ],
        [
          { steps: Array.from({ length: 6 }, () => ({ key: 'product_described', ticked: true })) },
          ['body.steps'],
        ],
      ]
      for (const [payload, paths] of cases) {
        const response = await request('PATCH', CHECKLIST_URL, adminA, payload)
        expect(response.statusCode, JSON.stringify(payload)).toBe(400)
        expect(response.json<ErrorJson>().error.code).toBe('validation_failed')
        expect(pathsOf(response.body), JSON.stringify(payload)).toEqual(paths)
      }
      expect(await checklistOf(adminA)).toEqual(before)
    })
  })

  it('documents every method in the OpenAPI document', async () => {
    const openapi = await app().inject({ method: 'GET', url: '/openapi.json' })
    expect(openapi.statusCode).toBe(200)
    const document = openapi.json<{ paths: Record<string, Record<string, unknown>> }>()
    expect(Object.keys(document.paths[FORM_URL] ?? {}).sort()).toEqual(['get', 'post'])
    expect(Object.keys(document.paths[CHECKLIST_URL] ?? {}).sort()).toEqual(['get', 'patch'])
  })
})
