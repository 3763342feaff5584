import type { ChangePasswordBody } from '@dealcoach/contracts/users'
import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { AuthUser } from '../../lib/caller.js'
import { Invalid, invalidField, Unauthenticated } from '../../lib/domain-errors.js'
import type { MailService } from '../mail/mail.service.js'
import { findUserInOrganisation } from './accounts.repository.js'
import { claimAttempts, resetThrottle, type ThrottleTarget } from './auth-throttle.service.js'
import type { LiveSessions } from './live-sessions.js'
import { hashPassword, assertStrongPassword, verifyPassword } from './password.js'
import { replacePassword } from './password-replacement.js'

/** Changing the signed-in user's password (served at /v1/users/me/password). */
export function createPasswordChangeService(deps: {
  db: Database
  config: AppConfig
  mail: MailService
  log: FastifyBaseLogger
  liveSessions: LiveSessions
}) {
  const { db, config, mail, log, liveSessions } = deps

  return {
    /**
     * ASVS 2.1.5/2.1.6 and 3.3.3: needs the current password; ends every other session. ASVS
     * 2.2.3: the account's address is told, in case it was not its owner.
     */
    async changePassword(caller: AuthUser, body: ChangePasswordBody): Promise<void> {
      const throttle: ThrottleTarget = { scope: 'passwordChange', subject: caller.id }
      const user = await findUserInOrganisation(db, caller.id, caller.organisationId)
      if (!user) throw new Unauthenticated('unauthorized', 'Your account no longer exists.')
      if (!user.passwordHash) {
        throw new Invalid([], {
          code: 'password_not_set',
          message: 'This account signs in with Google or Microsoft and has no password to change.',
        })
      }
      // Counted before the password is checked; a wrong one leaves the count as it is.
      await claimAttempts(db, [throttle])
      if (!(await verifyPassword(user.passwordHash, body.current_password))) {
        throw invalidField(
          'current_password',
          'is not your current password',
          'invalid_credentials',
        )
      }
      await resetThrottle(db, throttle)
      if (body.new_password === body.current_password) {
        throw invalidField(
          'new_password',
          'must differ from your current password',
          'password_unchanged',
        )
      }
      assertStrongPassword('new_password', body.new_password, { email: user.email })

      const passwordHash = await hashPassword(body.new_password)
      await db.transaction((tx) =>
        replacePassword(
          tx,
          { mail, appUrl: config.appUrl },
          { user, passwordHash, keepSessionId: caller.sessionId },
        ),
      )
      liveSessions.forgetUser(user.id)
      log.info({ userId: user.id }, 'password changed; other sessions ended')
    },
  }
}

export type PasswordChangeService = ReturnType<typeof createPasswordChangeService>
