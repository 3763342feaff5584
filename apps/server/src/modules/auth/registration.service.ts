import type { ConfirmRegistrationBody, EmailRegistrationBody } from '@dealcoach/contracts/auth'
import type { InvitationBody } from '@dealcoach/contracts/users'
import type { PageOf, PageRequest } from '../../lib/pagination.js'
import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { AuthUser } from '../../lib/caller.js'
import { Gone, invalidField, NotFound, Unauthenticated } from '../../lib/domain-errors.js'
import type { MailService } from '../mail/mail.service.js'
import type { AccountService } from './account.service.js'
import { findUserByEmail, findUserInOrganisation } from './accounts.repository.js'
import {
  accountExistsEmail,
  type EmailText,
  invitationEmail,
  invitationRefusedEmail,
  registrationLinkEmail,
} from './auth-emails.js'
import { accountExists, joinKeyUsed } from './auth-errors.js'
import { claimAttempts, type ThrottleTarget } from './auth-throttle.service.js'
import {
  findRegistrationByKeyHash,
  insertRegistration,
  listPendingInvitations,
  type NewRegistration,
  type PendingInvitation,
  type Registration,
  revokeInvitation,
  saveInvitation,
} from './auth.repository.js'
import { normaliseEmail } from './normalise-email.js'
import { createOpaqueToken, hashOpaqueToken } from './opaque-token.js'
import { hashPassword, assertStrongPassword } from './password.js'
import type { Session, SessionClient, SessionService } from './session.service.js'

export const JOIN_KEY_TTL_HOURS = 72

const joinKeyExpiry = () => new Date(Date.now() + JOIN_KEY_TTL_HOURS * 3_600_000)

/**
 * What the inviter learns of an invitation: the same whether or not one was stored. `renewed`:
 * the address already had a pending invitation here, which now has a new key and expiry.
 */
export type Invitation = Pick<Registration, 'email' | 'role' | 'expiresAt'> & { renewed: boolean }

/** Where a join key's registration is stored: a new row, or an invitation saved over the open one. */
type StoreRegistration = (
  tx: Database,
  registration: NewRegistration,
) => Promise<{ registration: Registration; renewed: boolean }>

const insertNew: StoreRegistration = async (tx, registration) => ({
  registration: await insertRegistration(tx, registration),
  renewed: false,
})

/** What a join key's page shows before the password is chosen. */
export interface PendingRegistration {
  email: string
  firstName: string
  lastName: string
  /** The organisation an invitation joins; null for a sign-up. */
  organisationName: string | null
}

/** E-mail registration with join keys, invitations into an organisation, and their confirmation. */
export function createRegistrationService(deps: {
  db: Database
  config: AppConfig
  mail: MailService
  accounts: AccountService
  sessions: SessionService
  log: FastifyBaseLogger
}) {
  const { db, config, mail, accounts, sessions, log } = deps

  /**
   * Stores a pending registration and e-mails its join key in one transaction: the registration,
   * its outbox e-mail and the delivery job all commit, or none does. The key itself is only ever
   * e-mailed; the database keeps its hash.
   */
  function registerAndSend(
    registration: Omit<NewRegistration, 'joinKeyHash' | 'expiresAt'>,
    email: (link: string) => EmailText,
    store: StoreRegistration,
  ): ReturnType<StoreRegistration> {
    const joinKey = createOpaqueToken()
    const link = `${config.appUrl}/complete_registration/${joinKey}`
    return db.transaction(async (tx) => {
      const saved = await store(tx, {
        ...registration,
        joinKeyHash: hashOpaqueToken(joinKey),
        expiresAt: joinKeyExpiry(),
      })
      const row = saved.registration
      await mail.queue(
        { organisationId: row.organisationId, toAddress: row.email, ...email(link) },
        tx,
      )
      return saved
    })
  }

  async function findUsableRegistration(joinKey: string) {
    const registration = await findRegistrationByKeyHash(db, hashOpaqueToken(joinKey))
    if (!registration) {
      throw new NotFound(
        'Registration link',
        'join_key_not_found',
        'This registration link is not valid.',
      )
    }
    if (registration.usedAt) {
      throw joinKeyUsed()
    }
    if (registration.revokedAt) {
      throw new Gone('join_key_revoked', 'This invitation has been withdrawn.')
    }
    if (registration.expiresAt.getTime() <= Date.now()) {
      throw new Gone(
        'join_key_expired',
        'This registration link has expired. Register again to get a new one.',
      )
    }
    return registration
  }

  return {
    /** Answers the same whether or not the address has an account (no enumeration). */
    async requestRegistration(body: EmailRegistrationBody, ip: string): Promise<void> {
      const email = normaliseEmail(body.email)
      const targets: ThrottleTarget[] = [
        { scope: 'registrationIp', subject: ip },
        { scope: 'registrationEmail', subject: email },
      ]
      await claimAttempts(db, targets)

      const existing = await findUserByEmail(db, email)
      if (existing) {
        await mail.queue({
          organisationId: existing.organisationId,
          toAddress: email,
          ...accountExistsEmail({ firstName: existing.firstName, appUrl: config.appUrl }),
        })
        return
      }
      await registerAndSend(
        {
          email,
          firstName: body.firstname,
          lastName: body.lastname,
          organisationId: null,
          invitedBy: null,
          role: 'admin',
          source: body.source ?? null,
        },
        (link) =>
          registrationLinkEmail({
            firstName: body.firstname,
            link,
            expiresInHours: JOIN_KEY_TTL_HOURS,
          }),
        insertNew,
      )
    },

    /**
     * Invites someone into the caller's organisation; the invitation is a pending registration.
     * An address with an account in another organisation gets the same answer as a sent
     * invitation (no cross-organisation enumeration); its owner is told instead that someone
     * tried. Only a member of the caller's own organisation, whom the team list shows anyway,
     * is answered 409. Inviting an address that has a pending invitation here sends it again:
     * the same invitation with a new key and expiry, the old key dead (ADR 0019).
     */
    async invite(caller: AuthUser, body: InvitationBody): Promise<Invitation> {
      const inviter = await findUserInOrganisation(db, caller.id, caller.organisationId)
      if (!inviter) throw new Unauthenticated('unauthorized', 'Your account no longer exists.')
      const email = normaliseEmail(body.email)
      await claimAttempts(db, [
        { scope: 'invitationOrganisation', subject: inviter.organisationId },
        { scope: 'invitationEmail', subject: email },
      ])
      const existing = await findUserByEmail(db, email)
      if (existing?.organisationId === inviter.organisationId) throw accountExists()
      if (existing) {
        await mail.queue({
          organisationId: existing.organisationId,
          toAddress: existing.email,
          ...invitationRefusedEmail({ firstName: existing.firstName, appUrl: config.appUrl }),
        })
        log.info({ userId: caller.id }, 'invitation to an account elsewhere: owner notified')
        return { email, role: body.role, expiresAt: joinKeyExpiry(), renewed: false }
      }
      const { organisationId } = inviter
      const { registration, renewed } = await registerAndSend(
        {
          email,
          firstName: body.first_name,
          lastName: body.last_name,
          organisationId,
          invitedBy: inviter.id,
          role: body.role,
          source: 'invitation',
        },
        (link) =>
          invitationEmail({
            firstName: body.first_name,
            inviter,
            organisationName: inviter.organisationName,
            link,
            expiresInHours: JOIN_KEY_TTL_HOURS,
          }),
        (tx, row) => saveInvitation(tx, { ...row, organisationId }),
      )
      log.info(
        { userId: caller.id, registrationId: registration.id, renewed },
        renewed ? 'invitation sent again' : 'invitation sent',
      )
      return { ...registration, renewed }
    },

    /** The caller's organisation's invitations whose link still works. */
    pendingInvitations: (caller: AuthUser, page: PageRequest): Promise<PageOf<PendingInvitation>> =>
      listPendingInvitations(db, caller.organisationId, page),

    /** Withdraws a pending invitation; another organisation's is not found. */
    async revokeInvitation(caller: AuthUser, id: string): Promise<void> {
      if (!(await revokeInvitation(db, caller.organisationId, id))) {
        throw new NotFound(
          'Invitation',
          'invitation_not_found',
          'There is no such pending invitation.',
        )
      }
      log.info({ userId: caller.id, registrationId: id }, 'invitation revoked')
    },

    async registrationDetails(joinKey: string): Promise<PendingRegistration> {
      const registration = await findUsableRegistration(joinKey)
      return {
        email: registration.email,
        firstName: registration.firstName,
        lastName: registration.lastName,
        organisationName: registration.organisationId ? registration.organisationName : null,
      }
    },

    async confirmRegistration(
      body: ConfirmRegistrationBody,
      client: SessionClient,
    ): Promise<Session> {
      const registration = await findUsableRegistration(body.joinkey)
      const email = normaliseEmail(body.email)
      if (email !== normaliseEmail(registration.email)) {
        throw invalidField(
          'email',
          'does not match the address this registration link was sent to',
          'email_mismatch',
        )
      }
      assertStrongPassword('password', body.password, { email })
      if (await findUserByEmail(db, email)) throw accountExists()

      const user = await accounts.create({
        email,
        firstName: body.firstname ?? registration.firstName,
        lastName: body.lastname ?? registration.lastName,
        passwordHash: await hashPassword(body.password),
        invitation: registration.organisationId
          ? { organisationId: registration.organisationId, role: registration.role }
          : undefined,
        claimRegistrationId: registration.id,
      })
      log.info({ userId: user.id, organisationId: user.organisationId }, 'registration completed')
      return sessions.start(user, client)
    },
  }
}

export type RegistrationService = ReturnType<typeof createRegistrationService>
