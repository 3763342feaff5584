import type { CrmLinkTokenResponse, CrmProvider } from '@dealcoach/contracts/crm'

/**
 * One CRM's link flow. Adapters arrive with the data-import work; app.ts passes the installed
 * ones to the CRM service, so a CRM without one answers 501 instead of pretending to link.
 */
export interface CrmProviderAdapter {
  name: CrmProvider
  /** A short-lived token the browser hands to the CRM's own link dialog. */
  createLinkToken(organisationId: string): Promise<CrmLinkTokenResponse>
}
