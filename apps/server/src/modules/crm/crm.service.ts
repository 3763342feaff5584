import {
  CRM_PROVIDER_NAMES,
  CRM_PROVIDERS,
  type CrmLinkTokenBody,
  type CrmLinkTokenResponse,
  type CrmProvider,
} from '@dealcoach/contracts/crm'
import type { Database } from '../../db/client.js'
import { Invalid, NotImplemented } from '../../lib/domain-errors.js'
import type { AuthUser } from '../../lib/caller.js'
import type { CrmProviderAdapter } from './crm-provider-adapter.js'
import type { CrmConnectionStatus } from './crm-connection-status.js'
import { findLinkedIntegration, hasLinkedIntegration } from './crm.repository.js'

export interface CrmDeps {
  db: Database
  /** The CRM adapters this installation has; empty until the data-import work adds them. */
  providers: readonly CrmProviderAdapter[]
}

const SUPPORTED = CRM_PROVIDERS.map((provider) => CRM_PROVIDER_NAMES[provider]).join(', ')

function asProvider(name: string): CrmProvider | undefined {
  const key = name.toLowerCase()
  return CRM_PROVIDERS.find((provider) => provider === key)
}

/** CRM linking of the caller's organisation, behind the installed provider adapters. */
export function createCrmService(deps: CrmDeps) {
  const { db } = deps
  const adapters = new Map(deps.providers.map((adapter) => [adapter.name, adapter]))
  const linkable = CRM_PROVIDERS.filter((provider) => adapters.has(provider))

  return {
    async status(caller: AuthUser): Promise<CrmConnectionStatus> {
      const row = await findLinkedIntegration(db, caller.organisationId)
      return {
        linked: row !== undefined,
        provider: row ? (asProvider(row.provider) ?? null) : null,
        accountName: row?.accountName ?? null,
        linkedAt: row?.linkedAt ?? null,
        lastSyncedAt: row?.lastSyncedAt ?? null,
        supportedProviders: [...CRM_PROVIDERS],
        linkableProviders: linkable,
      }
    },

    /** The onboarding checklist's question: is any CRM linked? */
    hasLinked(organisationId: string): Promise<boolean> {
      return hasLinkedIntegration(db, organisationId)
    },

    async linkToken(caller: AuthUser, body: CrmLinkTokenBody): Promise<CrmLinkTokenResponse> {
      const provider = asProvider(body.integration_name)
      if (!provider) {
        throw new Invalid(
          [{ field: 'integration_name', message: `must be one of ${CRM_PROVIDERS.join(', ')}` }],
          {
            code: 'crm_provider_unsupported',
            message: `Dealcoach does not link ${JSON.stringify(body.integration_name)}. Supported providers: ${SUPPORTED}.`,
          },
        )
      }
      const adapter = adapters.get(provider)
      if (!adapter) {
        // A deliberate 501: the client is told which CRMs exist rather than a generic failure.
        throw new NotImplemented(
          'crm_provider_unavailable',
          `Linking ${CRM_PROVIDER_NAMES[provider]} is not available in this installation yet. Supported providers: ${SUPPORTED}.`,
        )
      }
      return adapter.createLinkToken(caller.organisationId)
    },
  }
}

export type CrmService = ReturnType<typeof createCrmService>
