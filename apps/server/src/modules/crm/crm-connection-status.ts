import type { CrmProvider } from '@dealcoach/contracts/crm'
import type { CrmSyncProblem } from '../../db/schema/crm.js'

/** Whether the organisation has linked a CRM, which CRMs can be linked, and how its sync goes. */
export interface CrmConnectionStatus {
  linked: boolean
  provider: CrmProvider | null
  accountName: string | null
  linkedAt: Date | null
  lastSyncedAt: Date | null
  supportedProviders: CrmProvider[]
  /** The providers this installation has an adapter for. */
  linkableProviders: CrmProvider[]
  connectionStatus: 'not_connected' | 'connected' | 'needs_reauth'
  authKind: 'oauth' | 'private_app' | null
  sync: {
    state: 'idle' | 'queued' | 'running' | 'failed'
    phase: string | null
    startedAt: Date | null
    finishedAt: Date | null
    progress: Record<string, number>
  }
  counts: Record<string, number>
  errors: CrmSyncProblem[]
  lastError: string | null
}
