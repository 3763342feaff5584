import {
  CRM_PROVIDER_NAMES,
  crmConnectBodySchema,
  crmIntegrationStatusSchema,
  crmLinkTokenBodySchema,
  crmLinkTokenResponseSchema,
  crmProviderSchema,
  type CrmIntegrationStatus,
  type CrmProvider,
} from '@dealcoach/contracts/crm'
import type { FakeApiState } from '../fake-api-state'
import { fakeId } from '../fake-id'
import { answer, errorAnswer, route, validationFailed } from '../fake-route'
import { refuseMember } from './refuse-member'

// The CRM link and sync (issue 16, ADR 0013) as the server runs them: a link token signs a state
// and says how to connect (OAuth or a private-app token); connect checks the state and the
// credential, links the account and queues the first sync. Each read of the status while a sync
// runs moves it on by `recordsPerRead` records first, as if the worker ran meanwhile.

const HALF_HOUR_MS = 30 * 60 * 1000

/** The order the sync reads object types in (hubspot-sync.ts). */
export const FAKE_SYNC_PHASES = [
  'pipelines',
  'owners',
  'deals',
  'contacts',
  'calls',
  'emails',
  'meetings',
  'notes',
] as const

/** The scopes the server asks a private app for (hubspot-provider.ts). */
export const FAKE_HUBSPOT_SCOPES = [
  'crm.objects.deals.read',
  'crm.objects.contacts.read',
  'crm.objects.owners.read',
  'crm.schemas.deals.read',
]

export interface FakeCrmArea {
  /** How this installation links: OAuth when it has a HubSpot app, else a private-app token. */
  method: 'oauth' | 'private_app'
  /** States link-token signed that no connect has used yet. */
  states: string[]
  /** The private-app tokens and OAuth codes the CRM accepts. */
  accepted: string[]
  /** The CRM account a link reaches. */
  accountName: string
  /** What the CRM holds, per object type; a sync reads it all. */
  remote: Partial<Record<(typeof FAKE_SYNC_PHASES)[number], number>>
  /** How many records a running sync reads between two reads of the status. */
  recordsPerRead: number
}

export const initialCrmArea = (): FakeCrmArea => ({
  method: 'private_app',
  states: [],
  accepted: ['pat-na1-valid'],
  accountName: 'Acme Portal',
  remote: { pipelines: 2, owners: 3, deals: 40, contacts: 25 },
  recordsPerRead: 30,
})

const providerOf = (name: string): CrmProvider | undefined => {
  const parsed = crmProviderSchema.safeParse(name.toLowerCase())
  return parsed.success ? parsed.data : undefined
}

const unsupported = () =>
  validationFailed([{ path: 'body.integration_name', message: 'is not a supported CRM' }])

/** A supported CRM the installation cannot link: the server's 409, naming only linkable ones. */
const notLinkable = (provider: CrmProvider, linkable: readonly CrmProvider[]) =>
  errorAnswer(
    409,
    'crm_provider_not_linkable',
    `${CRM_PROVIDER_NAMES[provider]} cannot be linked in this installation yet. ${
      linkable.length > 0
        ? `CRMs you can link: ${linkable.map((name) => CRM_PROVIDER_NAMES[name]).join(', ')}.`
        : 'No CRM can be linked here yet.'
    }`,
    [
      {
        path: 'body.integration_name',
        message: 'cannot be linked in this installation yet',
        code: 'crm_provider_not_linkable',
        params: { provider, linkable: linkable.join(',') },
      },
    ],
  )

/** Moves a queued or running sync on, as the worker would have between two reads. */
function advanceSync(state: FakeApiState) {
  const { sync } = state.crm
  const now = new Date().toISOString()
  if (sync.state !== 'queued' && sync.state !== 'running') return
  const starting = sync.state === 'queued'
  let budget = state.crmArea.recordsPerRead
  let phase: string | null = starting ? FAKE_SYNC_PHASES[0] : sync.phase
  const progress = starting ? {} : { ...sync.progress }
  const startedAt = starting ? now : sync.started_at
  while (phase !== null && budget > 0) {
    const total = state.crmArea.remote[phase as (typeof FAKE_SYNC_PHASES)[number]] ?? 0
    const read = Math.min(budget, total - (progress[phase] ?? 0))
    if (read > 0) progress[phase] = (progress[phase] ?? 0) + read
    budget -= Math.max(read, 0)
    if ((progress[phase] ?? 0) >= total) {
      const next: number = FAKE_SYNC_PHASES.indexOf(phase as (typeof FAKE_SYNC_PHASES)[number]) + 1
      phase = FAKE_SYNC_PHASES[next] ?? null
    }
  }
  if (phase !== null) {
    state.crm.sync = { ...sync, state: 'running', phase, started_at: startedAt, progress }
    return
  }
  // Finished: what was read is now imported (a first sync creates every record).
  const counts = { ...state.crm.counts }
  for (const [key, read] of Object.entries(progress)) {
    counts[key] = Math.max(counts[key] ?? 0, read)
  }
  state.crm = {
    ...state.crm,
    counts,
    last_synced_at: now,
    last_error: null,
    sync: { state: 'idle', phase: null, started_at: startedAt, finished_at: now, progress },
  }
}

function queueSync(crm: CrmIntegrationStatus): CrmIntegrationStatus {
  return {
    ...crm,
    sync: { state: 'queued', phase: null, started_at: null, finished_at: null, progress: {} },
  }
}

/** The checklist's "Link a CRM or import data" step, computed by the server from either. */
export function markDataInStepDone(state: FakeApiState) {
  state.checklist = state.checklist.map((step) =>
    step.key === 'crm_linked_or_data_imported' ? { ...step, computed: true } : step,
  )
}

export const crmRoutes = [
  route('GET', '/v1/crm-integrations/status', {
    answers: { 200: crmIntegrationStatusSchema },
    handle: (_input, state) => {
      advanceSync(state)
      return answer(200, state.crm)
    },
  }),
  route('POST', '/v1/crm-integrations/link-token', {
    body: crmLinkTokenBodySchema,
    answers: { 200: crmLinkTokenResponseSchema },
    handle: ({ body }, state) => {
      const refused = refuseMember(state)
      if (refused) return refused
      const provider = providerOf(body.integration_name)
      if (!provider) return unsupported()
      if (!state.crm.linkable_providers.includes(provider))
        return notLinkable(provider, state.crm.linkable_providers)
      const signed = `state-${fakeId()}`
      state.crmArea.states.push(signed)
      const expiresAt = new Date(Date.now() + HALF_HOUR_MS).toISOString()
      if (state.crmArea.method === 'private_app') {
        return answer(200, {
          link_token: signed,
          expires_at: expiresAt,
          method: 'private_app',
          authorize_url: null,
          required_scopes: FAKE_HUBSPOT_SCOPES,
        })
      }
      const url = new URL('https://app.hubspot.com/oauth/authorize')
      url.searchParams.set('state', signed)
      url.searchParams.set('scope', ['oauth', ...FAKE_HUBSPOT_SCOPES].join(' '))
      return answer(200, {
        link_token: signed,
        expires_at: expiresAt,
        method: 'oauth',
        authorize_url: url.toString(),
        required_scopes: ['oauth', ...FAKE_HUBSPOT_SCOPES],
      })
    },
  }),
  route('POST', '/v1/crm-integrations/connect', {
    body: crmConnectBodySchema,
    answers: { 200: crmIntegrationStatusSchema },
    handle: ({ body }, state) => {
      const refused = refuseMember(state)
      if (refused) return refused
      const provider = providerOf(body.integration_name)
      if (!provider) return unsupported()
      if (!state.crm.linkable_providers.includes(provider))
        return notLinkable(provider, state.crm.linkable_providers)
      if (Boolean(body.code) === Boolean(body.private_app_token)) {
        return validationFailed([
          body.code
            ? { path: 'body.private_app_token', message: 'must not be sent with code' }
            : { path: 'body.code', message: 'is required: the OAuth code, or a private_app_token' },
        ])
      }
      if (!state.crmArea.states.includes(body.state)) {
        return errorAnswer(
          400,
          'crm_state_invalid',
          'The link has expired or was not started here; start linking again.',
          [{ path: 'body.state', message: 'is not a current link token of your organisation' }],
        )
      }
      const field = body.code ? 'code' : 'private_app_token'
      const credential = body.code ?? body.private_app_token ?? ''
      if (!state.crmArea.accepted.includes(credential)) {
        return errorAnswer(
          400,
          'crm_credentials_rejected',
          `${CRM_PROVIDER_NAMES[provider]} refused the credential.`,
          [{ path: `body.${field}`, message: 'was refused by the CRM' }],
        )
      }
      state.crmArea.states = state.crmArea.states.filter((signed) => signed !== body.state)
      state.crm = queueSync({
        ...state.crm,
        linked: true,
        provider,
        account_name: state.crmArea.accountName,
        linked_at: new Date().toISOString(),
        connection_status: 'connected',
        auth_kind: body.code ? 'oauth' : 'private_app',
        last_error: null,
      })
      markDataInStepDone(state)
      return answer(200, state.crm)
    },
  }),
  route('POST', '/v1/crm-integrations/sync', {
    answers: { 202: crmIntegrationStatusSchema },
    handle: (_input, state) => {
      const refused = refuseMember(state)
      if (refused) return refused
      if (!state.crm.linked) {
        return errorAnswer(409, 'crm_not_linked', 'No CRM is linked; link one first.')
      }
      if (state.crm.connection_status === 'needs_reauth') {
        return errorAnswer(
          409,
          'crm_needs_reauth',
          'HubSpot no longer accepts the stored credentials; connect again.',
        )
      }
      if (state.crm.sync.state !== 'queued' && state.crm.sync.state !== 'running') {
        state.crm = queueSync(state.crm)
      }
      return answer(202, state.crm)
    },
  }),
  route('POST', '/v1/crm-integrations/disconnect', {
    answers: { 204: null },
    handle: (_input, state) => {
      const refused = refuseMember(state)
      if (refused) return refused
      // The credentials go; the imported records (and their counts on the server) stay.
      state.crm = {
        ...state.crm,
        linked: false,
        provider: null,
        account_name: null,
        linked_at: null,
        connection_status: 'not_connected',
        auth_kind: null,
        sync: { ...state.crm.sync, state: 'idle', phase: null },
      }
      return answer(204)
    },
  }),
]
