import type { HubspotConfig } from '../../config.js'
import {
  CrmCredentialsRejected,
  type CrmLinkResult,
  type CrmProviderAdapter,
} from './crm-provider-adapter.js'
import {
  createHubspotClient,
  HubspotAuthError,
  type HubspotCredentials,
  type HubspotSession,
} from './hubspot-client.js'
import { runHubspotSync } from './hubspot-sync.js'

/** The scopes the sync reads with (HubSpot's names). */
export const HUBSPOT_SCOPES = [
  'oauth',
  'crm.objects.deals.read',
  'crm.objects.contacts.read',
  'crm.objects.owners.read',
  'crm.schemas.deals.read',
  'sales-email-read',
]

function isCredentials(value: unknown): value is HubspotCredentials {
  const v = value as Partial<HubspotCredentials> | null
  return (
    typeof v === 'object' &&
    v !== null &&
    (v.kind === 'oauth' || v.kind === 'private_app') &&
    typeof v.accessToken === 'string'
  )
}

/**
 * HubSpot (issue 16): OAuth when a client id and secret are configured, else a private-app
 * token; the sync itself is runHubspotSync.
 */
export function createHubspotProvider(
  config: HubspotConfig,
  options: { sleep?: (ms: number) => Promise<void> } = {},
): CrmProviderAdapter {
  const client = createHubspotClient({
    baseUrl: config.apiUrl,
    oauth: config.oauth,
    ...(options.sleep ? { sleep: options.sleep } : {}),
  })

  /** Auth failures become the adapter-neutral CrmCredentialsRejected. */
  async function authorised<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (error instanceof HubspotAuthError) throw new CrmCredentialsRejected(error.message)
      throw error
    }
  }

  async function describe(
    session: HubspotSession,
    credentials: HubspotCredentials,
  ): Promise<CrmLinkResult> {
    const account = await session.account()
    const portalId = String(account.portalId)
    return {
      authKind: credentials.kind,
      credentials,
      remoteAccountId: portalId,
      accountName: `HubSpot portal ${portalId}`,
    }
  }

  return {
    name: 'hubspot',

    createLinkToken(_organisationId, link) {
      if (!link) throw new Error('HubSpot links need a signed state')
      const base = { link_token: link.state, expires_at: link.expiresAt.toISOString() }
      if (!config.oauth) {
        return Promise.resolve({
          ...base,
          method: 'private_app',
          authorize_url: null,
          required_scopes: HUBSPOT_SCOPES.filter((scope) => scope !== 'oauth'),
        })
      }
      const url = new URL(config.authorizeUrl)
      url.searchParams.set('client_id', config.oauth.clientId)
      url.searchParams.set('redirect_uri', config.redirectUrl)
      url.searchParams.set('scope', HUBSPOT_SCOPES.join(' '))
      url.searchParams.set('state', link.state)
      return Promise.resolve({
        ...base,
        method: 'oauth',
        authorize_url: url.toString(),
        required_scopes: HUBSPOT_SCOPES,
      })
    },

    connect({ code, privateAppToken }) {
      return authorised(async () => {
        const credentials: HubspotCredentials = code
          ? await client.exchangeCode(code, config.redirectUrl)
          : {
              kind: 'private_app',
              accessToken: privateAppToken ?? '',
              refreshToken: null,
              expiresAt: null,
            }
        let latest = credentials
        const session = client.session(credentials, (fresh) => {
          latest = fresh
          return Promise.resolve()
        })
        const result = await describe(session, credentials)
        return { ...result, credentials: latest }
      })
    },

    sync(input) {
      return authorised(async () => {
        if (!isCredentials(input.credentials)) {
          throw new HubspotAuthError('The stored HubSpot credentials are unusable; connect again.')
        }
        const session = client.session(input.credentials, (fresh) => input.saveCredentials(fresh))
        await runHubspotSync({
          db: input.db,
          row: input.row,
          session,
          writers: input.writers,
          searchResultCap: config.searchResultCap,
        })
      })
    },
  }
}
