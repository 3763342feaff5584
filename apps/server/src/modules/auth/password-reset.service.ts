import type { PasswordResetBody, PasswordResetConfirmBody } from '@dealcoach/contracts/auth'
import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../../config.js'
import type { Database } from '../../db/client.js'
import { invalidField } from '../../lib/domain-errors.js'
import type { MailService } from '../mail/mail.service.js'
import { findUserByEmail, findUserById } from './accounts.repository.js'
import {
  type EmailText,
  passwordResetLinkEmail,
  passwordResetNoAccountEmail,
  passwordResetSocialOnlyEmail,
} from './auth-emails.js'
import { claimAttempts } from './auth-throttle.service.js'
import {
  deleteUnusedPasswordResets,
  findPasswordResetByHash,
  markPasswordResetUsed,
  replacePasswordReset,
} from './auth.repository.js'
import { normaliseEmail } from './normalise-email.js'
import { createOpaqueToken, hashOpaqueToken } from './opaque-token.js'
import type { LiveSessions } from './live-sessions.js'
import { assertStrongPassword, hashPassword } from './password.js'
import { replacePassword } from './password-replacement.js'

/** ASVS 2.5: short enough that a link left in a mailbox is soon worthless. */
export const RESET_LINK_TTL_MINUTES = 30

const resetLinkInvalid = () =>
  invalidField('token', 'is not a valid password-reset link', 'reset_link_invalid')
const resetLinkUsed = () =>
  invalidField('token', 'has already been used to set a password', 'reset_link_used')
const resetLinkExpired = () =>
  invalidField('token', 'has expired; ask for a new password-reset link', 'reset_link_expired')

/** Forgotten passwords: an e-mailed single-use link, then a new password that ends every session. */
export function createPasswordResetService(deps: {
  db: Database
  config: AppConfig
  mail: MailService
  log: FastifyBaseLogger
  liveSessions: LiveSessions
}) {
  const { db, config, mail, log, liveSessions } = deps

  return {
    /**
     * Answers the same whether or not the address has an account (no enumeration): every path
     * makes a token and queues exactly one e-mail in one transaction, so the work is alike too.
     */
    async requestReset(body: PasswordResetBody, ip: string): Promise<void> {
      const email = normaliseEmail(body.email)
      // The address first: a locked account then does not also use up its address's allowance.
      await claimAttempts(db, [
        { scope: 'passwordResetIp', subject: ip },
        { scope: 'passwordResetEmail', subject: email },
      ])

      const token = createOpaqueToken()
      const tokenHash = hashOpaqueToken(token)
      const user = await findUserByEmail(db, email)
      await db.transaction(async (tx) => {
        let text: EmailText
        if (!user) {
          text = passwordResetNoAccountEmail({ appUrl: config.appUrl })
        } else if (!user.passwordHash) {
          text = passwordResetSocialOnlyEmail({ firstName: user.firstName, appUrl: config.appUrl })
        } else {
          await replacePasswordReset(tx, {
            organisationId: user.organisationId,
            userId: user.id,
            tokenHash,
            expiresAt: new Date(Date.now() + RESET_LINK_TTL_MINUTES * 60_000),
          })
          text = passwordResetLinkEmail({
            firstName: user.firstName,
            link: `${config.appUrl}/reset-password/${token}`,
            expiresInMinutes: RESET_LINK_TTL_MINUTES,
          })
        }
        await mail.queue(
          { organisationId: user?.organisationId ?? null, toAddress: email, ...text },
          tx,
        )
      })
      if (user) log.info({ userId: user.id }, 'password reset requested')
    },

    /**
     * Sets the password from a reset link, uses the link up and ends every session of the user
     * (whoever knew the old password is signed out), then e-mails a notice. The user signs in
     * afterwards with the new password.
     */
    async confirmReset(body: PasswordResetConfirmBody): Promise<void> {
      const reset = await findPasswordResetByHash(db, hashOpaqueToken(body.token))
      if (!reset) throw resetLinkInvalid()
      if (reset.usedAt) throw resetLinkUsed()
      if (reset.expiresAt.getTime() <= Date.now()) throw resetLinkExpired()
      const user = await findUserById(db, reset.userId)
      if (!user) throw resetLinkInvalid()
      assertStrongPassword('password', body.password, { email: user.email })

      const passwordHash = await hashPassword(body.password)
      await db.transaction(async (tx) => {
        // A concurrent confirmation of the same link may have won while the hash was computed.
        if (!(await markPasswordResetUsed(tx, reset.id))) throw resetLinkUsed()
        await deleteUnusedPasswordResets(tx, user.id)
        await replacePassword(tx, { mail, appUrl: config.appUrl }, { user, passwordHash })
      })
      // Its access tokens stop working at once, not when the cache would next ask.
      liveSessions.forgetUser(user.id)
      log.info({ userId: user.id }, 'password reset; every session ended')
    },
  }
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>
