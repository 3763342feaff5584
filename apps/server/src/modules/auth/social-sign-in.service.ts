import type { SocialAuthBody, SocialProvider } from '@dealcoach/contracts/auth'
import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../../config.js'
import type { Database } from '../../db/client.js'
import { Invalid, NotFound, Unauthenticated } from '../../lib/domain-errors.js'
import type { MailService } from '../mail/mail.service.js'
import type { AccountService } from './account.service.js'
import { findUserByEmail, type User } from './accounts.repository.js'
import { socialIdentityLinkedEmail } from './auth-emails.js'
import {
  accountExists,
  invalidCredentials,
  linkRequiresOtherSignIn,
  passwordRequiredToLink,
} from './auth-errors.js'
import {
  claimAttempts,
  releaseAttempt,
  resetThrottle,
  type ThrottleTarget,
} from './auth-throttle.service.js'
import { claimIdToken, findUserBySocialIdentity, insertSocialIdentity } from './auth.repository.js'
import type { IdTokenVerifier, SocialIdentity } from './id-token-verifier.js'
import { normaliseEmail } from './normalise-email.js'
import { verifyPassword } from './password.js'
import type { Session, SessionClient, SessionService } from './session.service.js'

/** The client id of each social provider, null where it is not enabled. */
export type SocialProviderClientIds = Record<SocialProvider, string | null>

const idTokenReplayed = () =>
  new Unauthenticated(
    'id_token_replayed',
    'This sign-in token has already been used. Sign in with the provider again.',
  )

/** Sign-in and sign-up with a Google or Microsoft ID token. */
export function createSocialSignInService(deps: {
  db: Database
  config: AppConfig
  idTokens: IdTokenVerifier
  accounts: AccountService
  sessions: SessionService
  mail: MailService
  log: FastifyBaseLogger
}) {
  const { db, config, idTokens, accounts, sessions, mail, log } = deps

  /** Uses up the token: a token signs in once, whatever it is then shown again for. */
  async function claimToken(tx: Database, identity: SocialIdentity) {
    if (!(await claimIdToken(tx, identity.replayKey, identity.expiresAt))) {
      log.warn({ provider: identity.provider }, 'replayed ID token refused')
      throw idTokenReplayed()
    }
  }

  /**
   * A verified e-mail alone does not link a new sign-in method to an existing account: whoever
   * controls the provider account would take over the Dealcoach one. The account's password is
   * the proof, checked and throttled like a sign-in with it.
   */
  async function proveOwnership(user: User, password: string | undefined, ip: string) {
    if (!user.passwordHash) throw linkRequiresOtherSignIn()
    if (password === undefined) throw passwordRequiredToLink()
    const account: ThrottleTarget = { scope: 'loginAccount', subject: normaliseEmail(user.email) }
    const address: ThrottleTarget = { scope: 'loginIp', subject: ip }
    await claimAttempts(db, [address, account])
    if (!(await verifyPassword(user.passwordHash, password))) throw invalidCredentials()
    await resetThrottle(db, account)
    await releaseAttempt(db, address)
  }

  /** Links the identity and tells the account's owner (ASVS 2.2.3), both or neither. */
  async function link(user: User, identity: SocialIdentity) {
    await db.transaction(async (tx) => {
      await claimToken(tx, identity)
      await insertSocialIdentity(tx, {
        organisationId: user.organisationId,
        userId: user.id,
        provider: identity.provider,
        subject: identity.subject,
        email: identity.email,
      })
      await mail.queue(
        {
          organisationId: user.organisationId,
          toAddress: user.email,
          ...socialIdentityLinkedEmail({
            firstName: user.firstName,
            provider: identity.provider,
            appUrl: config.appUrl,
          }),
        },
        tx,
      )
    })
    log.info({ userId: user.id, provider: identity.provider }, 'linked social identity')
  }

  return {
    providers(): SocialProviderClientIds {
      return { google: idTokens.clientId('google'), microsoft: idTokens.clientId('microsoft') }
    },

    /**
     * Signs in the identity's account. An identity not linked yet whose verified e-mail has an
     * account is linked to it only with that account's password (409 password_required_to_link
     * asks for it). The token is used up only by a sign-in, so the client may retry with it.
     */
    async socialLogin(body: SocialAuthBody, client: SessionClient): Promise<Session> {
      const identity = await idTokens.verify(body.provider, body.token)
      const linked = await findUserBySocialIdentity(db, identity.provider, identity.subject)
      if (linked) {
        await claimToken(db, identity)
        log.info(
          { userId: linked.id, provider: identity.provider },
          'signed in with social provider',
        )
        return sessions.start(linked, client)
      }
      const byEmail =
        identity.email && identity.emailVerified
          ? await findUserByEmail(db, identity.email)
          : undefined
      if (!byEmail) {
        throw new NotFound(
          'Account',
          'account_not_found',
          `No account is linked to this ${identity.provider} sign-in. Sign up first.`,
        )
      }
      await proveOwnership(byEmail, body.password, client.ip)
      await link(byEmail, identity)
      log.info(
        { userId: byEmail.id, provider: identity.provider },
        'signed in with social provider',
      )
      return sessions.start(byEmail, client)
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
      await claimToken(db, identity)
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
