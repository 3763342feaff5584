import type { CrmLinkTokenResponse, CrmProvider } from '@dealcoach/contracts/crm'
import type { Database } from '../../db/client.js'
import type { CrmIntegrationRow } from './crm.repository.js'
import type { CrmWriters } from './hubspot-sync.js'

/** The CRM refused the credentials (a bad code or token, or they stopped working). */
export class CrmCredentialsRejected extends Error {
  override name = 'CrmCredentialsRejected'
}

/** What a completed link stores: credentials (encrypted by the service) and the account. */
export interface CrmLinkResult {
  authKind: 'oauth' | 'private_app'
  credentials: unknown
  remoteAccountId: string
  accountName: string
}

export interface CrmSyncInput {
  db: Database
  row: CrmIntegrationRow
  credentials: unknown
  /** Stores rotated credentials (an OAuth refresh) at once. */
  saveCredentials(credentials: unknown): Promise<void>
  writers: CrmWriters
}

/**
 * One CRM's link flow and sync. app.ts passes the installed ones to the CRM service, so a CRM
 * without one answers 409 crm_provider_not_linkable instead of pretending to link.
 */
export interface CrmProviderAdapter {
  name: CrmProvider
  /**
   * What the browser needs to start linking. `link` carries the signed state the service made,
   * which the completed link must bring back.
   */
  createLinkToken(
    organisationId: string,
    link?: { state: string; expiresAt: Date },
  ): Promise<CrmLinkTokenResponse>
  /** Checks what the browser brought back (an OAuth code or a token) with the CRM. */
  connect?(input: { code?: string; privateAppToken?: string }): Promise<CrmLinkResult>
  /** One sync of a linked connection; throws CrmCredentialsRejected when they stop working. */
  sync?(input: CrmSyncInput): Promise<void>
}
