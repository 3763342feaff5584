import type { CrmIntegrationStatus } from '@dealcoach/contracts/crm'
import type { CrmConnectionStatus } from './crm-connection-status.js'

export function toCrmIntegrationStatusBody(status: CrmConnectionStatus): CrmIntegrationStatus {
  return {
    linked: status.linked,
    provider: status.provider,
    account_name: status.accountName,
    linked_at: status.linkedAt?.toISOString() ?? null,
    last_synced_at: status.lastSyncedAt?.toISOString() ?? null,
    supported_providers: status.supportedProviders,
    linkable_providers: status.linkableProviders,
  }
}
