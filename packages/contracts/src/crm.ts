import { z } from 'zod'

/** The CRMs Dealcoach is built to link; their providers arrive with the data-import work. */
export const CRM_PROVIDERS = ['hubspot', 'salesforce', 'pipedrive'] as const

export const crmProviderSchema = z.enum(CRM_PROVIDERS)

/** How each CRM spells its own name; brand names are not translated. */
export const CRM_PROVIDER_NAMES = {
  hubspot: 'HubSpot',
  salesforce: 'Salesforce',
  pipedrive: 'Pipedrive',
} as const satisfies Record<(typeof CRM_PROVIDERS)[number], string>

/** `GET /v1/crm-integrations/status`. */
export const crmIntegrationStatusSchema = z
  .object({
    linked: z.boolean(),
    provider: crmProviderSchema.nullable().describe('The linked CRM, if any'),
    account_name: z.string().nullable(),
    linked_at: z.iso.datetime().nullable(),
    last_synced_at: z.iso.datetime().nullable(),
    supported_providers: z.array(crmProviderSchema).describe('The CRMs Dealcoach links'),
    linkable_providers: z
      .array(crmProviderSchema)
      .describe('Those this installation can link now; empty until their providers arrive'),
  })
  .meta({ id: 'CrmIntegrationStatus' })

/**
 * `POST /v1/crm-integrations/link-token` (admins). An unsupported CRM is a 400; a supported one
 * whose provider this installation lacks is a `501 crm_provider_unavailable`.
 */
export const crmLinkTokenBodySchema = z.object({
  integration_name: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(100)
    .describe('A supported CRM, case-insensitive: hubspot, salesforce or pipedrive'),
})

export const crmLinkTokenResponseSchema = z.object({
  link_token: z.string(),
  expires_at: z.iso.datetime(),
})

export type CrmProvider = z.infer<typeof crmProviderSchema>
export type CrmIntegrationStatus = z.infer<typeof crmIntegrationStatusSchema>
export type CrmLinkTokenBody = z.infer<typeof crmLinkTokenBodySchema>
export type CrmLinkTokenResponse = z.infer<typeof crmLinkTokenResponseSchema>
