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
    connection_status: status.connectionStatus,
    auth_kind: status.authKind,
    sync: {
      state: status.sync.state,
      phase: status.sync.phase,
      started_at: status.sync.startedAt?.toISOString() ?? null,
      finished_at: status.sync.finishedAt?.toISOString() ?? null,
      progress: status.sync.progress,
    },
    counts: status.counts,
    errors: status.errors.map((problem) => ({
      object: problem.object,
      remote_id: problem.remoteId,
      message: problem.message,
    })),
    last_error: status.lastError,
  }
}
