import type { CrmProvider } from '@dealcoach/contracts/crm'

/** Whether the organisation has linked a CRM, and which CRMs exist and can be linked here. */
export interface CrmConnectionStatus {
  linked: boolean
  provider: CrmProvider | null
  accountName: string | null
  linkedAt: Date | null
  lastSyncedAt: Date | null
  supportedProviders: CrmProvider[]
  /** The providers this installation has an adapter for. */
  linkableProviders: CrmProvider[]
}
