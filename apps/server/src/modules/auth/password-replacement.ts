import type { Database } from '../../db/client.js'
import type { MailService } from '../mail/mail.service.js'
import { type User, updateUserPassword } from './accounts.repository.js'
import { passwordChangedEmail } from './auth-emails.js'
import { revokeRefreshTokenFamilies } from './auth.repository.js'

/**
 * What every new password does, whether set from a reset link or changed while signed in, in the
 * caller's transaction: stores the hash, ends the user's sessions but `keepSessionId` (ASVS
 * 3.3.3) and tells the account's address (ASVS 2.2.3). The caller forgets the user's live
 * sessions once the transaction has committed, so that their access tokens stop at once.
 */
export async function replacePassword(
  tx: Database,
  deps: { mail: MailService; appUrl: string },
  change: {
    user: Pick<User, 'id' | 'organisationId' | 'email' | 'firstName'>
    passwordHash: string
    keepSessionId?: string
  },
): Promise<void> {
  const { user } = change
  await updateUserPassword(tx, user.id, change.passwordHash)
  await revokeRefreshTokenFamilies(tx, user.id, change.keepSessionId)
  await deps.mail.queue(
    {
      organisationId: user.organisationId,
      toAddress: user.email,
      ...passwordChangedEmail({ firstName: user.firstName, appUrl: deps.appUrl }),
    },
    tx,
  )
}
