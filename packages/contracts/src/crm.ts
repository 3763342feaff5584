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

export const crmSyncStatusSchema = z.object({
  state: z.enum(['idle', 'queued', 'running', 'failed']),
  phase: z.string().nullable().describe('The object type a running sync is reading'),
  started_at: z.iso.datetime().nullable(),
  finished_at: z.iso.datetime().nullable(),
  progress: z
    .record(z.string(), z.number().int())
    .describe('Records read per object type by the running (or last) sync'),
})

export const crmSyncProblemSchema = z.object({
  object: z.string(),
  remote_id: z.string(),
  message: z.string(),
})

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
    connection_status: z
      .enum(['not_connected', 'connected', 'needs_reauth'])
      .describe('needs_reauth: the CRM stopped accepting the stored credentials; connect again'),
    auth_kind: z.enum(['oauth', 'private_app']).nullable(),
    sync: crmSyncStatusSchema,
    counts: z
      .record(z.string(), z.number().int())
      .describe('Records imported so far per object type: pipelines, owners, deals, contacts, …'),
    errors: z
      .array(crmSyncProblemSchema)
      .describe('The latest records the sync could not import, newest last'),
    last_error: z.string().nullable().describe('Why the last sync stopped, if it failed'),
  })
  .meta({ id: 'CrmIntegrationStatus' })

/**
 * `POST /v1/crm-integrations/link-token` (admins). An unsupported CRM is a 400; a supported one
 * this installation cannot link yet (not in `linkable_providers`) is a
 * `409 crm_provider_not_linkable` whose message names the CRMs that can be linked.
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
  link_token: z
    .string()
    .describe('A signed state: pass it back as `state` to POST /v1/crm-integrations/connect'),
  expires_at: z.iso.datetime(),
  method: z
    .enum(['oauth', 'private_app'])
    .optional()
    .describe('oauth: open authorize_url; private_app: ask for a private-app access token'),
  authorize_url: z.url().nullable().optional(),
  required_scopes: z.array(z.string()).optional(),
})

/**
 * `POST /v1/crm-integrations/connect` (admins): completes a link started with a link token,
 * with the OAuth `code` the CRM redirected back with, or a private-app access token.
 */
export const crmConnectBodySchema = z.object({
  integration_name: crmLinkTokenBodySchema.shape.integration_name,
  state: z.string().trim().min(1, 'must not be blank').max(2000),
  code: z.string().trim().min(1, 'must not be blank').max(2000).optional(),
  private_app_token: z.string().trim().min(1, 'must not be blank').max(500).optional(),
})

export type CrmProvider = z.infer<typeof crmProviderSchema>
export type CrmIntegrationStatus = z.infer<typeof crmIntegrationStatusSchema>
export type CrmLinkTokenBody = z.infer<typeof crmLinkTokenBodySchema>
export type CrmLinkTokenResponse = z.infer<typeof crmLinkTokenResponseSchema>
export type CrmConnectBody = z.infer<typeof crmConnectBodySchema>
export type CrmSyncStatus = z.infer<typeof crmSyncStatusSchema>
