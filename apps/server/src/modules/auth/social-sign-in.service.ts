import type { SocialAuthBody, SocialProvider } from '@dealcoach/contracts/auth'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.js'
import { Invalid, NotFound } from '../../lib/domain-errors.js'
import type { AccountService } from './account.service.js'
import { findUserByEmail } from './accounts.repository.js'
import { accountExists } from './auth-errors.js'
import { findUserBySocialIdentity, insertSocialIdentity } from './auth.repository.js'
import type { IdTokenVerifier } from './id-token-verifier.js'
import type { Session, SessionClient, SessionService } from './session.service.js'

/** The client id of each social provider, null where it is not enabled. */
export type SocialProviderClientIds = Record<SocialProvider, string | null>

/** Sign-in and sign-up with a Google or Microsoft ID token. */
export function createSocialSignInService(deps: {
  db: Database
  idTokens: IdTokenVerifier
  accounts: AccountService
  sessions: SessionService
  log: FastifyBaseLogger
}) {
  const { db, idTokens, accounts, sessions, log } = deps

  return {
    providers(): SocialProviderClientIds {
      return { google: idTokens.clientId('google'), microsoft: idTokens.clientId('microsoft') }
    },

    async socialLogin(body: SocialAuthBody, client: SessionClient): Promise<Session> {
      const identity = await idTokens.verify(body.provider, body.token)
      let user = await findUserBySocialIdentity(db, identity.provider, identity.subject)
      if (!user && identity.email && identity.emailVerified) {
        user = await findUserByEmail(db, identity.email)
        if (user) {
          await insertSocialIdentity(db, {
            organisationId: user.organisationId,
            userId: user.id,
            provider: identity.provider,
            subject: identity.subject,
            email: identity.email,
          })
          log.info({ userId: user.id, provider: identity.provider }, 'linked social identity')
        }
      }
      if (!user) {
        throw new NotFound(
          'Account',
          'account_not_found',
          `No account is linked to this ${identity.provider} sign-in. Sign up first.`,
        )
      }
      log.info({ userId: user.id, provider: identity.provider }, 'signed in with social provider')
      return sessions.start(user, client)
    },

    async socialSignup(body: SocialAuthBody, client: SessionClient): Promise<Session> {
      const identity = await idTokens.verify(body.provider, body.token)
      if (await findUserBySocialIdentity(db, identity.provider, identity.subject)) {
        throw accountExists()
      }
      if (!identity.email || !identity.emailVerified) {
        throw new Invalid([], {
          code: 'email_not_verified',
          message: `Your ${identity.provider} account has no verified e-mail address.`,
        })
      }
      if (await findUserByEmail(db, identity.email)) throw accountExists()
      const localPart = identity.email.split('@')[0] ?? identity.email
      const user = await accounts.create({
        email: identity.email,
        firstName: identity.firstName || localPart,
        lastName: identity.lastName,
        passwordHash: null,
        identity,
      })
      log.info({ userId: user.id, provider: identity.provider }, 'signed up with social provider')
      return sessions.start(user, client)
    },
  }
}

export type SocialSignInService = ReturnType<typeof createSocialSignInService>
