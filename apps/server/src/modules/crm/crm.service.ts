import { randomUUID } from 'node:crypto'
import {
  CRM_PROVIDER_NAMES,
  CRM_PROVIDERS,
  type CrmConnectBody,
  type CrmLinkTokenBody,
  type CrmLinkTokenResponse,
  type CrmProvider,
} from '@dealcoach/contracts/crm'
import type { Database } from '../../db/client.js'
import type { JobContext } from '../../jobs/queue-definition.js'
import type { JobQueue } from '../../jobs/job-queue.js'
import { Conflict, Invalid, NotImplemented, UpstreamUnavailable } from '../../lib/domain-errors.js'
import type { AuthUser } from '../../lib/caller.js'
import { CrmCredentialsRejected, type CrmProviderAdapter } from './crm-provider-adapter.js'
import type { CrmConnectionStatus } from './crm-connection-status.js'
import { type CredentialsCipher, CredentialsUnreadable } from './credentials-cipher.js'
import {
  type CrmIntegrationRow,
  findIntegration,
  findIntegrationById,
  findLinkedIntegration,
  hasLinkedIntegration,
  listIdleLinkedIntegrations,
  updateIntegration,
  upsertIntegration,
} from './crm.repository.js'
import { CRM_SYNC_QUEUE } from './crm.queues.js'
import { freshProgress, SyncCancelled, type CrmWriters } from './hubspot-sync.js'

export interface CrmDeps {
  db: Database
  /** The CRM adapters this installation has. */
  providers: readonly CrmProviderAdapter[]
  /** Needed to connect and sync; without them the service only reports status and link tokens. */
  jobs?: JobQueue
  cipher?: CredentialsCipher
  writers?: CrmWriters
}

/** How long a link token (the signed OAuth state) may take to come back. */
const LINK_TTL_MS = 30 * 60 * 1000

function asProvider(name: string): CrmProvider | undefined {
  const key = name.toLowerCase()
  return CRM_PROVIDERS.find((provider) => provider === key)
}

function toStatus(
  row: CrmIntegrationRow | undefined,
  linkable: CrmProvider[],
): CrmConnectionStatus {
  const progress = row?.syncProgress
  return {
    linked: row !== undefined,
    provider: row ? (asProvider(row.provider) ?? null) : null,
    accountName: row?.accountName ?? null,
    linkedAt: row?.linkedAt ?? null,
    lastSyncedAt: row?.lastSyncedAt ?? null,
    supportedProviders: [...CRM_PROVIDERS],
    linkableProviders: linkable,
    connectionStatus: !row
      ? 'not_connected'
      : row.status === 'needs_reauth'
        ? 'needs_reauth'
        : 'connected',
    authKind: row?.authKind === 'oauth' || row?.authKind === 'private_app' ? row.authKind : null,
    sync: {
      state: row ? (row.syncState as CrmConnectionStatus['sync']['state']) : 'idle',
      phase: progress?.phase ?? null,
      startedAt: row?.syncStartedAt ?? null,
      finishedAt: row?.syncFinishedAt ?? null,
      progress: progress?.done ?? {},
    },
    counts: row?.counts ?? {},
    errors: row?.problems ?? [],
    lastError: row?.lastError ?? null,
  }
}

/** Per object type the later of the two cursors: an empty page does not move one back. */
function laterCursors(stored: Record<string, number>, seen: Record<string, number>) {
  const merged = { ...stored }
  for (const [type, at] of Object.entries(seen)) {
    if (at > (merged[type] ?? 0)) merged[type] = at
  }
  return merged
}

/** CRM linking and syncing of the caller's organisation, behind the installed provider adapters. */
export function createCrmService(deps: CrmDeps) {
  const { db } = deps
  const adapters = new Map(deps.providers.map((adapter) => [adapter.name, adapter]))
  const linkable = CRM_PROVIDERS.filter((provider) => adapters.has(provider))
  /** Where a refusal sends the caller: only to CRMs that can be linked here, never to all. */
  const linkableSentence =
    linkable.length > 0
      ? `CRMs you can link: ${linkable.map((provider) => CRM_PROVIDER_NAMES[provider]).join(', ')}.`
      : 'No CRM can be linked here yet.'

  function requireProvider(name: string): CrmProvider {
    const provider = asProvider(name)
    if (!provider) {
      throw new Invalid(
        [{ field: 'integration_name', message: `must be one of ${CRM_PROVIDERS.join(', ')}` }],
        {
          code: 'crm_provider_unsupported',
          message: `Dealcoach does not link ${JSON.stringify(name)}. ${linkableSentence}`,
        },
      )
    }
    return provider
  }

  /**
   * A supported CRM this installation has no adapter for: a 409 on the field, not a 501 (the
   * request is sound; the installation's state refuses it). The message names only the CRMs
   * that can be linked, the status's `linkable_providers`, so it never sends the caller to
   * another CRM that would be refused too.
   */
  function notLinkable(provider: CrmProvider) {
    return new Conflict(
      'crm_provider_not_linkable',
      `${CRM_PROVIDER_NAMES[provider]} cannot be linked in this installation yet. ${linkableSentence}`,
      [
        {
          field: 'integration_name',
          message: 'cannot be linked in this installation yet',
          code: 'crm_provider_not_linkable',
          params: { provider, linkable: linkable.join(',') },
        },
      ],
    )
  }

  function requireAdapter(provider: CrmProvider): CrmProviderAdapter {
    const adapter = adapters.get(provider)
    if (!adapter) throw notLinkable(provider)
    return adapter
  }

  function syncing() {
    const { jobs, cipher, writers } = deps
    if (!jobs || !cipher || !writers) {
      throw new NotImplemented(
        'crm_sync_unavailable',
        'CRM sync is not set up in this installation.',
      )
    }
    return { jobs, cipher, writers }
  }

  /** The state must be one this installation signed for the caller's organisation and CRM. */
  function checkState(
    cipher: CredentialsCipher,
    caller: AuthUser,
    provider: CrmProvider,
    state: string,
  ) {
    const payload = cipher.verify(state)
    const valid =
      payload?.organisationId === caller.organisationId &&
      payload.provider === provider &&
      typeof payload.expiresAt === 'number' &&
      payload.expiresAt > Date.now()
    if (!valid) {
      throw new Invalid(
        [
          {
            field: 'state',
            message: 'is not a current link token of your organisation',
            code: 'crm_state_invalid',
          },
        ],
        {
          code: 'crm_state_invalid',
          message: 'The link has expired or was not started here; start linking again.',
        },
      )
    }
  }

  async function enqueueSync(tx: Database, row: CrmIntegrationRow) {
    const { jobs } = syncing()
    await updateIntegration(tx, row.organisationId, row.id, { syncState: 'queued' })
    await jobs.enqueue(tx, CRM_SYNC_QUEUE, {
      organisationId: row.organisationId,
      integrationId: row.id,
    })
  }

  return {
    async status(caller: AuthUser): Promise<CrmConnectionStatus> {
      return toStatus(await findLinkedIntegration(db, caller.organisationId), linkable)
    },

    /** The onboarding checklist's question: is any CRM linked? */
    hasLinked(organisationId: string): Promise<boolean> {
      return hasLinkedIntegration(db, organisationId)
    },

    async linkToken(caller: AuthUser, body: CrmLinkTokenBody): Promise<CrmLinkTokenResponse> {
      const provider = requireProvider(body.integration_name)
      const adapter = requireAdapter(provider)
      const expiresAt = new Date(Date.now() + LINK_TTL_MS)
      const state = deps.cipher?.sign({
        organisationId: caller.organisationId,
        userId: caller.id,
        provider,
        expiresAt: expiresAt.getTime(),
        nonce: randomUUID(),
      })
      return adapter.createLinkToken(
        caller.organisationId,
        state ? { state, expiresAt } : undefined,
      )
    },

    /** Completes a link: checks the state and the credentials, stores them, starts a sync. */
    async connect(caller: AuthUser, body: CrmConnectBody): Promise<CrmConnectionStatus> {
      const provider = requireProvider(body.integration_name)
      const adapter = requireAdapter(provider)
      const { cipher } = syncing()
      if (!adapter.connect) {
        // Its link completes on the CRM's side (the link token's flow), not through this call.
        throw new Conflict(
          'crm_connect_not_supported',
          `${CRM_PROVIDER_NAMES[provider]} completes its link without this call; start linking again.`,
        )
      }
      if (Boolean(body.code) === Boolean(body.private_app_token)) {
        throw new Invalid([
          {
            field: body.code ? 'private_app_token' : 'code',
            message: body.code
              ? 'must not be sent with code'
              : 'is required: the OAuth code, or a private_app_token instead',
            code: body.code ? 'conflicting' : 'required',
          },
        ])
      }
      checkState(cipher, caller, provider, body.state)
      let result
      try {
        result = await adapter.connect({
          ...(body.code ? { code: body.code } : {}),
          ...(body.private_app_token ? { privateAppToken: body.private_app_token } : {}),
        })
      } catch (error) {
        if (error instanceof CrmCredentialsRejected) {
          const field = body.code ? 'code' : 'private_app_token'
          throw new Invalid(
            [{ field, message: 'was refused by the CRM', code: 'crm_credentials_rejected' }],
            {
              code: 'crm_credentials_rejected',
              message: `${CRM_PROVIDER_NAMES[provider]} refused the ${body.code ? 'authorisation code' : 'access token'}: ${error.message}`,
            },
          )
        }
        throw new UpstreamUnavailable(
          'crm_unavailable',
          `${CRM_PROVIDER_NAMES[provider]} could not be reached to check the link; try again.`,
        )
      }
      const row = await db.transaction(async (tx) => {
        const existing = await findIntegration(tx, caller.organisationId, provider, { lock: true })
        // Another account's data is another history: its cursors start over.
        const sameAccount = existing?.remoteAccountId === result.remoteAccountId
        const saved = await upsertIntegration(tx, caller.organisationId, provider, {
          status: 'linked',
          authKind: result.authKind,
          credentials: cipher.encrypt(result.credentials, caller.organisationId),
          remoteAccountId: result.remoteAccountId,
          accountName: result.accountName,
          linkedAt: new Date(),
          lastError: null,
          ...(sameAccount ? {} : { cursors: {}, syncProgress: null, syncState: 'idle' }),
        })
        if (saved.syncState !== 'running' && saved.syncState !== 'queued')
          await enqueueSync(tx, saved)
        return saved
      })
      return toStatus(await findIntegrationById(db, caller.organisationId, row.id), linkable)
    },

    /** Starts a sync now, unless one is queued or running. */
    async syncNow(caller: AuthUser): Promise<CrmConnectionStatus> {
      syncing()
      await db.transaction(async (tx) => {
        const row = await findLinkedIntegration(tx, caller.organisationId)
        if (!row) throw new Conflict('crm_not_linked', 'No CRM is linked; link one first.')
        if (row.status === 'needs_reauth') {
          throw new Conflict(
            'crm_needs_reauth',
            `${CRM_PROVIDER_NAMES[asProvider(row.provider) ?? 'hubspot']} no longer accepts the stored credentials; connect again.`,
          )
        }
        if (row.syncState === 'queued' || row.syncState === 'running') return
        await enqueueSync(tx, row)
      })
      return this.status(caller)
    },

    /** Forgets the credentials; every imported pipeline, deal, contact and engagement stays. */
    async disconnect(caller: AuthUser): Promise<void> {
      const row = await findLinkedIntegration(db, caller.organisationId)
      if (!row) return
      await updateIntegration(db, caller.organisationId, row.id, {
        status: 'disconnected',
        credentials: null,
        syncState: 'idle',
        syncProgress: null,
      })
    },

    /** The `crm-sync` job: one sync, resumed where a previous try stopped. */
    async runSync(
      payload: { organisationId: string; integrationId: string },
      job: JobContext,
    ): Promise<void> {
      const { cipher, writers } = syncing()
      const { organisationId, integrationId } = payload
      const row = await findIntegrationById(db, organisationId, integrationId)
      const adapter = row ? adapters.get(asProvider(row.provider) ?? 'hubspot') : undefined
      if (!row || row.status !== 'linked' || !row.credentials || !adapter?.sync) return
      const resuming = row.syncState === 'running' && row.syncProgress?.phase != null
      const started = resuming
        ? row
        : {
            ...row,
            syncState: 'running',
            syncProgress: freshProgress(),
            syncStartedAt: new Date(),
            syncFinishedAt: null,
            problems: [],
            lastError: null,
          }
      if (!resuming) {
        await updateIntegration(db, organisationId, row.id, {
          syncState: 'running',
          syncProgress: started.syncProgress,
          syncStartedAt: started.syncStartedAt,
          syncFinishedAt: null,
          problems: [],
          lastError: null,
        })
      }
      try {
        const credentials = cipher.decrypt(row.credentials, organisationId)
        await adapter.sync({
          db,
          row: started,
          credentials,
          saveCredentials: (fresh) =>
            updateIntegration(db, organisationId, row.id, {
              credentials: cipher.encrypt(fresh, organisationId),
            }),
          writers,
        })
      } catch (error) {
        if (error instanceof SyncCancelled) return
        if (error instanceof CrmCredentialsRejected || error instanceof CredentialsUnreadable) {
          await updateIntegration(db, organisationId, row.id, {
            status: 'needs_reauth',
            syncState: 'failed',
            syncFinishedAt: new Date(),
            lastError: error.message,
          })
          return
        }
        const message = error instanceof Error ? error.message : String(error)
        await updateIntegration(db, organisationId, row.id, {
          ...(job.finalAttempt ? { syncState: 'failed', syncFinishedAt: new Date() } : {}),
          lastError: message,
        })
        throw error
      }
      const done = await findIntegrationById(db, organisationId, row.id)
      const now = new Date()
      await updateIntegration(db, organisationId, row.id, {
        syncState: 'idle',
        lastError: null,
        lastSyncedAt: now,
        syncFinishedAt: now,
        cursors: laterCursors(row.cursors, done?.syncProgress?.seen ?? {}),
        syncCount: (done?.syncCount ?? 0) + 1,
      })
    },

    /** The periodic job: queues an incremental sync of each idle linked connection. */
    async enqueueDueSyncs(): Promise<void> {
      const due = await listIdleLinkedIntegrations(db)
      for (const { id, organisationId } of due) {
        await db.transaction(async (tx) => {
          const row = await findIntegrationById(tx, organisationId, id)
          if (
            row?.status === 'linked' &&
            row.syncState !== 'queued' &&
            row.syncState !== 'running'
          ) {
            await enqueueSync(tx, row)
          }
        })
      }
    },
  }
}

export type CrmService = ReturnType<typeof createCrmService>
