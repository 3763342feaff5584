import { createHash } from 'node:crypto'
import type { SocialProvider } from '@dealcoach/contracts/auth'
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose'
import type { AppConfig } from '../../config.js'
import { Invalid, Unauthenticated, UpstreamUnavailable } from '../../lib/domain-errors.js'

/** What a verified provider ID token says about its user. */
export interface SocialIdentity {
  provider: SocialProvider
  subject: string
  email: string | null
  /** Only a verified address may link to an existing account or create one. */
  emailVerified: boolean
  firstName: string
  lastName: string
  /** Names this one token (not its user), to refuse it once it has been used: a SHA-256. */
  replayKey: string
  /** When the token stops being accepted; its replay key need not be kept longer. */
  expiresAt: Date
}

export interface IdTokenVerifier {
  clientId(provider: SocialProvider): string | null
  /** Throws 400 provider_not_enabled, 401 invalid_token or 503 provider_unavailable. */
  verify(provider: SocialProvider, token: string): Promise<SocialIdentity>
}

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com']
const MICROSOFT_TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Personal Microsoft accounts; Microsoft verifies their e-mail addresses. */
const MICROSOFT_CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad'
const CLOCK_TOLERANCE_SECONDS = 30

/** Which JOSE failures mean "this token is not acceptable" rather than "we could not check". */
const INVALID_TOKEN_CODES = new Set([
  'ERR_JWT_EXPIRED',
  'ERR_JWT_CLAIM_VALIDATION_FAILED',
  'ERR_JWT_INVALID',
  'ERR_JWS_INVALID',
  'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
  'ERR_JWKS_NO_MATCHING_KEY',
  'ERR_JWKS_MULTIPLE_MATCHING_KEYS',
  'ERR_JOSE_ALG_NOT_ALLOWED',
  'ERR_JOSE_NOT_SUPPORTED',
])

const invalidToken = (message = 'The sign-in token is not valid.') =>
  new Unauthenticated('invalid_token', message)

export function createIdTokenVerifier(providers: AppConfig['socialProviders']): IdTokenVerifier {
  // One key set per provider: jose caches the keys and refetches on an unknown key id.
  const keySets = {
    google: providers.google ? createRemoteJWKSet(new URL(providers.google.jwksUrl)) : null,
    microsoft: providers.microsoft
      ? createRemoteJWKSet(new URL(providers.microsoft.jwksUrl))
      : null,
  }

  return {
    clientId: (provider) => providers[provider]?.clientId ?? null,
    verify: async (provider, token) => {
      const settings = providers[provider]
      const keySet = keySets[provider]
      if (!settings || !keySet) {
        throw new Invalid([], {
          code: 'provider_not_enabled',
          message: `Sign-in with ${provider} is not enabled on this server.`,
        })
      }
      let payload: JWTPayload
      try {
        ;({ payload } = await jwtVerify(token, keySet, {
          algorithms: ['RS256'],
          audience: settings.clientId,
          issuer: provider === 'google' ? GOOGLE_ISSUERS : undefined,
          requiredClaims: ['sub', 'exp', 'iss'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        }))
      } catch (error) {
        if (error instanceof errors.JOSEError && INVALID_TOKEN_CODES.has(error.code)) {
          throw invalidToken(
            error.code === 'ERR_JWT_EXPIRED' ? 'The sign-in token has expired.' : undefined,
          )
        }
        throw new UpstreamUnavailable(
          'provider_unavailable',
          `Could not reach ${provider} to check the sign-in. Try again shortly.`,
        )
      }
      const identity = provider === 'google' ? googleIdentity(payload) : microsoftIdentity(payload)
      return { ...identity, ...replayMarkers(provider, payload) }
    },
  }
}

/**
 * A token is named by its `jti` when it has one (Google's do); otherwise by what sets it apart
 * from the user's other tokens: issuer, subject, issue time and nonce. The key covers the
 * provider so that two providers' ids cannot collide. The clock tolerance keeps the key for as
 * long as the token could still be accepted.
 */
function replayMarkers(
  provider: SocialProvider,
  payload: JWTPayload,
): Pick<SocialIdentity, 'replayKey' | 'expiresAt'> {
  const id =
    stringClaim(payload.jti) ??
    JSON.stringify([payload.iss, payload.sub, payload.iat ?? null, payload.nonce ?? null])
  return {
    replayKey: createHash('sha256').update(`${provider}\n${id}`).digest('hex'),
    expiresAt: new Date(((payload.exp ?? 0) + CLOCK_TOLERANCE_SECONDS) * 1000),
  }
}

type VerifiedClaims = Omit<SocialIdentity, 'replayKey' | 'expiresAt'>

function googleIdentity(payload: JWTPayload): VerifiedClaims {
  const names = splitNames(payload)
  return {
    provider: 'google',
    subject: requireString(payload.sub),
    email: stringClaim(payload.email)?.toLowerCase() ?? null,
    emailVerified: payload.email_verified === true,
    ...names,
  }
}

/**
 * Microsoft's v2.0 issuer names the tenant: https://login.microsoftonline.com/{tid}/v2.0. Its
 * e-mail claim is not verified in general (the "nOAuth" problem), so it counts as verified only
 * for personal accounts or when the tenant proved the domain (optional claim xms_edov).
 */
function microsoftIdentity(payload: JWTPayload): VerifiedClaims {
  const tenantId = stringClaim(payload.tid)
  if (
    !tenantId ||
    !MICROSOFT_TENANT_ID.test(tenantId) ||
    payload.iss !== `https://login.microsoftonline.com/${tenantId}/v2.0`
  ) {
    throw invalidToken('The sign-in token was not issued by Microsoft.')
  }
  const email = stringClaim(payload.email)?.toLowerCase() ?? null
  return {
    provider: 'microsoft',
    subject: requireString(payload.sub),
    email,
    emailVerified:
      email !== null && (tenantId === MICROSOFT_CONSUMER_TENANT || payload.xms_edov === true),
    ...splitNames(payload),
  }
}

function splitNames(payload: JWTPayload): { firstName: string; lastName: string } {
  const given = stringClaim(payload.given_name)
  const family = stringClaim(payload.family_name)
  if (given || family) return { firstName: given ?? '', lastName: family ?? '' }
  const full = stringClaim(payload.name) ?? ''
  const [first = '', ...rest] = full.split(/\s+/).filter(Boolean)
  return { firstName: first, lastName: rest.join(' ') }
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 254) : undefined
}

function requireString(value: unknown): string {
  const text = stringClaim(value)
  if (!text) throw invalidToken()
  return text
}
