import {
  CRM_PROVIDER_NAMES,
  CRM_PROVIDERS,
  type CrmIntegrationStatus,
  type CrmLinkTokenBody,
  type CrmLinkTokenResponse,
  type CrmProvider,
} from '@dealcoach/contracts/crm'
import type { Database } from '../../db/client.js'
import { Invalid, NotImplemented } from '../../lib/domain-errors.js'
import type { AuthUser } from '../../lib/caller.js'
import type { CrmProviderAdapter } from './crm-provider-adapter.js'
import { findLinkedIntegration } from './crm.repository.js'

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
    async status(caller: AuthUser): Promise<CrmIntegrationStatus> {
      const row = await findLinkedIntegration(db, caller.organisationId)
      return {
        linked: row !== undefined,
        provider: row ? (asProvider(row.provider) ?? null) : null,
        account_name: row?.accountName ?? null,
        linked_at: row?.linkedAt?.toISOString() ?? null,
        last_synced_at: row?.lastSyncedAt?.toISOString() ?? null,
        supported_providers: [...CRM_PROVIDERS],
        linkable_providers: linkable,
      }
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
