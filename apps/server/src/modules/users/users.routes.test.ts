import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  completeRegistration,
  emailsTo,
  claimsOf,
  GOOD_PASSWORD,
  joinKeySentTo,
  latestEmailTo,
  signedInFrom,
  signUp,
  type SignedIn,
  uniqueEmail,
  passwordLogin,
  refreshWith,
  uniqueIp,
} from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'
import { registrations } from '../../db/schema/accounts.js'

type ErrorJson = { error: { code: string; message: string; details?: { path: string }[] } }
interface InvitationsJson {
  models: { id: string; email: string; role: string; invited_by: unknown; expires_at: string }[]
  pagination: { page: number; page_size: number; total: number }
}
interface ListJson {
  models: { id: string; email: string; first_name: string; last_name: string; role?: string }[]
  pagination: { page: number; page_size: number; total: number }
}

describe('users', () => {
  let testApp: TestApp
  const app = () => testApp.app
  /** Organisation A: an admin and two invited members. Organisation B: one admin. */
  let adminA: SignedIn
  let memberA: SignedIn
  let adminB: SignedIn

  const get = (url: string, session: SignedIn) =>
    app().inject({ method: 'GET', url, headers: bearer(session.accessToken) })
  const invite = (session: SignedIn, payload: Record<string, unknown>) =>
    app().inject({
      method: 'POST',
      url: '/v1/users/invitations',
      headers: bearer(session.accessToken),
      payload,
    })

  const revoke = (session: SignedIn, id: string) =>
    app().inject({
      method: 'DELETE',
      url: `/v1/users/invitations/${id}`,
      headers: bearer(session.accessToken),
    })

  const acceptInvitation = (email: string) => completeRegistration(app(), email)

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    adminA = await signUp(app(), {
      email: uniqueEmail('alice', 'alpha.example'),
      firstname: 'Alice',
      lastname: 'Able',
    })
    adminB = await signUp(app(), {
      email: uniqueEmail('bob', 'beta.example'),
      firstname: 'Bob',
      lastname: 'Baker',
    })
    const memberEmail = uniqueEmail('carol', 'alpha.example')
    expect(
      (await invite(adminA, { email: memberEmail, first_name: 'Carol', last_name: 'Cole' }))
        .statusCode,
    ).toBe(201)
    memberA = await acceptInvitation(memberEmail)
    const otherEmail = uniqueEmail('dave', 'alpha.example')
    await invite(adminA, { email: otherEmail, first_name: 'Dave', last_name: 'Dunn' })
    await acceptInvitation(otherEmail)
  })
  afterAll(() => testApp.close())

  describe('the signed-in user', () => {
    it('answers GET /v1/users/me', async () => {
      const response = await get('/v1/users/me', adminA)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        id: adminA.userId,
        email: adminA.email,
        first_name: 'Alice',
        last_name: 'Able',
        role: 'admin',
        language: 'en',
        organisation: { id: adminA.organisationId, name: 'Alpha' },
      })
    })

    it('updates names and language with PATCH, validating each field', async () => {
      const session = await signUp(app())
      const response = await app().inject({
        method: 'PATCH',
        url: '/v1/users/me',
        headers: bearer(session.accessToken),
        payload: { first_name: '  Augusta ', language: 'en-GB' },
      })
      expect(response.statusCode).toBe(200)
      // Spec §1: the regional code en-gb maps to en, whose translations the app has.
      expect(response.json()).toMatchObject({
        first_name: 'Augusta',
        last_name: 'Lovelace',
        language: 'en',
      })
      expect((await get('/v1/users/me', session)).json()).toMatchObject({
        first_name: 'Augusta',
        language: 'en',
      })

      // A language the app has no translations for is refused, and the stored one kept.
      for (const language of ['xx', 'pt-br']) {
        const unsupported = await app().inject({
          method: 'PATCH',
          url: '/v1/users/me',
          headers: bearer(session.accessToken),
          payload: { language },
        })
        expect(unsupported.statusCode, unsupported.body).toBe(400)
        expect(unsupported.json<ErrorJson>().error).toMatchObject({
          code: 'validation_failed',
          details: [
            {
              path: 'body.language',
              code: 'unsupported_language',
              params: { supported: 'en, es, de, fr, ar' },
            },
          ],
        })
      }
      expect((await get('/v1/users/me', session)).json()).toMatchObject({ language: 'en' })

      const invalid = await app().inject({
        method: 'PATCH',
        url: '/v1/users/me',
        headers: bearer(session.accessToken),
        payload: { first_name: '', language: 'english!' },
      })
      expect(invalid.statusCode).toBe(400)
      expect(
        invalid
          .json<ErrorJson>()
          .error.details?.map((d) => d.path)
          .sort(),
      ).toEqual(['body.first_name', 'body.language'])

      const anonymous = await app().inject({
        method: 'PATCH',
        url: '/v1/users/me',
        payload: { first_name: 'X' },
      })
      expect(anonymous.statusCode).toBe(401)
    })
  })

  describe('password change', () => {
    const changePassword = (session: SignedIn, payload: Record<string, unknown>) =>
      app().inject({
        method: 'POST',
        url: '/v1/users/me/password',
        headers: bearer(session.accessToken),
        payload,
      })
    const refresh = (token: string) => refreshWith(app(), token)
    const login = (email: string, password: string) => passwordLogin(app(), email, password)

    it('ends the other sessions and keeps the current one', async () => {
      const current = await signUp(app())
      const other = signedInFrom(await login(current.email, GOOD_PASSWORD), current.email)
      expect(claimsOf(other.accessToken).sid).not.toBe(claimsOf(current.accessToken).sid)

      const newPassword = 'a much better passphrase'
      const response = await changePassword(current, {
        current_password: GOOD_PASSWORD,
        new_password: newPassword,
      })
      expect(response.statusCode).toBe(204)

      const otherRefresh = await refresh(other.refreshToken)
      expect(otherRefresh.statusCode).toBe(401)
      expect(otherRefresh.json<ErrorJson>().error.code).toBe('invalid_refresh_token')
      expect((await refresh(current.refreshToken)).statusCode).toBe(200)

      expect((await login(current.email, GOOD_PASSWORD)).statusCode).toBe(401)
      expect((await login(current.email, newPassword)).statusCode).toBe(200)
    })

    it('refuses a wrong current password and a weak new one, naming the field', async () => {
      const session = await signUp(app())
      const wrong = await changePassword(session, {
        current_password: 'not my password',
        new_password: 'a much better passphrase',
      })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json<ErrorJson>().error).toMatchObject({
        code: 'invalid_credentials',
        details: [{ path: 'body.current_password' }],
      })

      const common = await changePassword(session, {
        current_password: GOOD_PASSWORD,
        new_password: 'qwertyuiop123',
      })
      expect(common.statusCode).toBe(400)
      expect(common.json<ErrorJson>().error).toMatchObject({
        code: 'weak_password',
        details: [{ path: 'body.new_password', code: 'common' }],
      })

      const unchanged = await changePassword(session, {
        current_password: GOOD_PASSWORD,
        new_password: GOOD_PASSWORD,
      })
      expect(unchanged.statusCode).toBe(400)
      expect(unchanged.json<ErrorJson>().error).toMatchObject({
        code: 'password_unchanged',
        details: [{ path: 'body.new_password', message: 'must differ from your current password' }],
      })

      const short = await changePassword(session, { current_password: GOOD_PASSWORD })
      expect(short.statusCode).toBe(400)
      expect(short.json<ErrorJson>().error.details?.map((d) => d.path)).toEqual([
        'body.new_password',
      ])
    })

    it('throttles guessing the current password: 429 with Retry-After', async () => {
      const session = await signUp(app())
      for (let i = 0; i < 5; i++) {
        const response = await changePassword(session, {
          current_password: `guess number ${i}`,
          new_password: 'a much better passphrase',
        })
        expect(response.statusCode).toBe(400)
      }
      const throttled = await changePassword(session, {
        current_password: GOOD_PASSWORD,
        new_password: 'a much better passphrase',
      })
      expect(throttled.statusCode).toBe(429)
      expect(throttled.json<ErrorJson>().error.code).toBe('rate_limited')
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0)
    })
  })

  describe('lists', () => {
    it("lists only the caller's organisation as deal owners, 100 per page by default", async () => {
      const response = await get('/v1/users/deal-owners', adminA)
      expect(response.statusCode).toBe(200)
      const body = response.json<ListJson>()
      expect(body.pagination).toEqual({ page: 1, page_size: 100, total: 3 })
      expect(body.models.map((m) => m.last_name)).toEqual(['Able', 'Cole', 'Dunn'])
      expect(body.models[0]).toEqual({
        id: adminA.userId,
        first_name: 'Alice',
        last_name: 'Able',
        email: adminA.email,
      })
      expect(body.models.map((m) => m.id)).not.toContain(adminB.userId)

      const paged = await get('/v1/users/deal-owners?page=2&per_page=2', memberA)
      expect(paged.json<ListJson>()).toMatchObject({
        models: [{ last_name: 'Dunn' }],
        pagination: { page: 2, page_size: 2, total: 3 },
      })

      const other = await get('/v1/users/deal-owners', adminB)
      expect(other.json<ListJson>()).toEqual({
        models: [{ id: adminB.userId, first_name: 'Bob', last_name: 'Baker', email: adminB.email }],
        pagination: { page: 1, page_size: 100, total: 1 },
      })
    })

    it("lists the caller's team with roles, and nobody else's", async () => {
      const response = await get('/v1/users?page=1&page_size=10', memberA)
      expect(response.statusCode).toBe(200)
      const body = response.json<ListJson>()
      expect(body.pagination).toEqual({ page: 1, page_size: 10, total: 3 })
      expect(body.models.map((m) => [m.first_name, m.role])).toEqual([
        ['Alice', 'admin'],
        ['Carol', 'member'],
        ['Dave', 'member'],
      ])
      const other = await get('/v1/users', adminB)
      expect(other.json<ListJson>().models.map((m) => m.id)).toEqual([adminB.userId])
    })

    it('takes blank paging parameters as absent (spec §5), on every paged list', async () => {
      const owners = await get('/v1/users/deal-owners?page=&per_page=', adminA)
      expect(owners.statusCode).toBe(200)
      expect(owners.json<ListJson>().pagination).toEqual({ page: 1, page_size: 100, total: 3 })
      for (const url of [
        '/v1/users?page=&page_size=',
        '/v1/pipelines?page=&pages=&page_size=',
        '/v1/objections/types?page=&page_size=',
        '/v1/imports?page=&page_size=',
      ]) {
        expect((await get(url, adminA)).statusCode, url).toBe(200)
      }
    })

    it('validates paging parameters and requires a token', async () => {
      const bad = await get('/v1/users/deal-owners?page=0&per_page=abc', adminA)
      expect(bad.statusCode).toBe(400)
      expect(
        bad
          .json<ErrorJson>()
          .error.details?.map((d) => d.path)
          .sort(),
      ).toEqual(['querystring.page', 'querystring.per_page'])
      const anonymous = await app().inject({ method: 'GET', url: '/v1/users/deal-owners' })
      expect(anonymous.statusCode).toBe(401)
      expect(anonymous.json<ErrorJson>().error.code).toBe('unauthorized')
    })
  })

  describe('invitations', () => {
    it("lets an admin invite a member into the admin's organisation", async () => {
      const email = uniqueEmail('erin')
      const response = await invite(adminA, { email, first_name: 'Erin', last_name: 'Eve' })
      expect(response.statusCode).toBe(201)
      expect(response.json()).toEqual({
        status: 'sent',
        email,
        role: 'member',
        expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      })
      const mail = await latestEmailTo(app(), email)
      // User-chosen names stay out of the subject, and are in the body.
      expect(mail?.subject).toBe("You're invited to join a workspace on Dealcoach")
      expect(mail?.textBody).toContain('Alice Able invited you to join Alpha')

      const joinkey = await joinKeySentTo(app(), email)
      const details = await app().inject({ method: 'GET', url: `/register/${joinkey}` })
      expect(details.json()).toEqual({
        email,
        firstname: 'Erin',
        lastname: 'Eve',
        organisation_name: 'Alpha',
      })
      const member = await acceptInvitation(email)
      expect(member.organisationId).toBe(adminA.organisationId)
      expect(claimsOf(member.accessToken).role).toBe('member')
      expect((await get('/v1/users/me', member)).json()).toMatchObject({
        role: 'member',
        organisation: { id: adminA.organisationId, name: 'Alpha' },
      })
    })

    it('can invite another admin', async () => {
      const email = uniqueEmail('fay')
      const response = await invite(adminB, {
        email,
        first_name: 'Fay',
        last_name: 'Fox',
        role: 'admin',
      })
      expect(response.statusCode).toBe(201)
      const fay = await acceptInvitation(email)
      expect(claimsOf(fay.accessToken)).toMatchObject({
        role: 'admin',
        organisation: adminB.organisationId,
      })
    })

    it('refuses a member with 403 forbidden', async () => {
      const response = await invite(memberA, {
        email: uniqueEmail(),
        first_name: 'Gil',
        last_name: 'Gray',
      })
      expect(response.statusCode).toBe(403)
      expect(response.json<ErrorJson>().error.code).toBe('forbidden')
    })

    it('refuses a member of your own organisation with 409, and malformed bodies', async () => {
      const taken = await invite(adminA, {
        email: memberA.email.toUpperCase(),
        first_name: 'Carol',
        last_name: 'Cole',
      })
      expect(taken.statusCode).toBe(409)
      expect(taken.json<ErrorJson>().error.code).toBe('account_exists')

      const malformed = await invite(adminA, { email: 'nope', role: 'owner' })
      expect(malformed.statusCode).toBe(400)
      expect(
        malformed
          .json<ErrorJson>()
          .error.details?.map((d) => d.path)
          .sort(),
      ).toEqual(['body.email', 'body.first_name', 'body.last_name', 'body.role'])
    })

    it('answers an address with an account elsewhere like any other, and tells its owner', async () => {
      const before = (await emailsTo(app(), adminB.email)).length
      const elsewhere = await invite(adminA, {
        email: adminB.email,
        first_name: 'Bob',
        last_name: 'Baker',
      })
      const fresh = await invite(adminA, {
        email: uniqueEmail('hana'),
        first_name: 'Hana',
        last_name: 'Hill',
      })
      expect(elsewhere.statusCode).toBe(201)
      expect(fresh.statusCode).toBe(201)
      const shape = (body: Record<string, unknown>) => ({ ...body, email: '', expires_at: '' })
      expect(shape(elsewhere.json())).toEqual(shape(fresh.json()))
      expect(elsewhere.json()).toMatchObject({ status: 'sent', email: adminB.email })

      const notices = await emailsTo(app(), adminB.email)
      expect(notices).toHaveLength(before + 1)
      const notice = await latestEmailTo(app(), adminB.email)
      expect(notice?.subject).toBe("You're invited to join a workspace on Dealcoach")
      expect(notice?.textBody).toContain('already has a Dealcoach account')
      expect(notice?.textBody).not.toContain('complete_registration')
      // Nothing was stored: Bob stays in his organisation and Alpha lists no such invitation.
      const pending = await get('/v1/users/invitations?page_size=100', adminA)
      expect(pending.json<InvitationsJson>().models.map((i) => i.email)).not.toContain(adminB.email)
      expect((await get('/v1/users/me', adminB)).json()).toMatchObject({
        organisation: { id: adminB.organisationId },
      })
    })

    it('keeps names out of the subject even when they look like one', async () => {
      const admin = await signUp(app(), {
        firstname: 'Urgent: reset',
        lastname: 'your password at evil.example',
      })
      const email = uniqueEmail('ivy')
      expect((await invite(admin, { email, first_name: 'Ivy', last_name: 'Ito' })).statusCode).toBe(
        201,
      )
      const mail = await latestEmailTo(app(), email)
      expect(mail?.subject).toBe("You're invited to join a workspace on Dealcoach")
      expect(mail?.subject).not.toContain('evil')
    })

    it('throttles invitations to one address: 429 with Retry-After after 3 an hour', async () => {
      const email = uniqueEmail('jo')
      for (let i = 0; i < 3; i += 1) {
        expect(
          (await invite(adminB, { email, first_name: 'Jo', last_name: 'Jay' })).statusCode,
        ).toBe(201)
      }
      const fourth = await invite(adminB, { email, first_name: 'Jo', last_name: 'Jay' })
      expect(fourth.statusCode).toBe(429)
      expect(fourth.json<ErrorJson>().error.code).toBe('rate_limited')
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0)
      // The lock is per address: the organisation may still invite someone else.
      const other = await invite(adminB, { email: uniqueEmail(), first_name: 'K', last_name: 'K' })
      expect(other.statusCode).toBe(201)
    })

    it('throttles invitations per organisation: 429 after 50 an hour', async () => {
      const admin = await signUp(app())
      for (let i = 0; i < 50; i += 1) {
        const response = await invite(admin, {
          email: uniqueEmail('bulk'),
          first_name: 'Bulk',
          last_name: String(i),
        })
        expect(response.statusCode).toBe(201)
      }
      const over = await invite(admin, {
        email: uniqueEmail(),
        first_name: 'One',
        last_name: 'More',
      })
      expect(over.statusCode).toBe(429)
      expect(over.json<ErrorJson>().error.code).toBe('rate_limited')
      // Another organisation is not affected.
      const elsewhere = await invite(adminB, {
        email: uniqueEmail(),
        first_name: 'Not',
        last_name: 'Throttled',
      })
      expect(elsewhere.statusCode).toBe(201)
    })

    it('lists pending invitations to admins, newest first, without used or revoked ones', async () => {
      const admin = await signUp(app(), { firstname: 'Lena', lastname: 'Lund' })
      const first = uniqueEmail('first')
      const second = uniqueEmail('second')
      const accepted = uniqueEmail('accepted')
      await invite(admin, { email: first, first_name: 'First', last_name: 'One' })
      await invite(admin, { email: accepted, first_name: 'Acc', last_name: 'Epted' })
      await acceptInvitation(accepted)
      await invite(admin, { email: second, first_name: 'Second', last_name: 'Two', role: 'admin' })

      const response = await get('/v1/users/invitations', admin)
      expect(response.statusCode).toBe(200)
      const body = response.json<InvitationsJson>()
      expect(body.pagination).toMatchObject({ page: 1, total: 2 })
      expect(body.models.map((i) => i.email)).toEqual([second, first])
      expect(body.models[0]).toEqual({
        id: expect.any(String) as string,
        email: second,
        first_name: 'Second',
        last_name: 'Two',
        role: 'admin',
        invited_by: { id: admin.userId, first_name: 'Lena', last_name: 'Lund' },
        created_at: expect.stringMatching(/^\d{4}-/) as string,
        expires_at: expect.stringMatching(/^\d{4}-/) as string,
      })

      const asMember = await get('/v1/users/invitations', memberA)
      expect(asMember.statusCode).toBe(403)
      // Another organisation's admin sees none of these.
      const asOther = await get('/v1/users/invitations?page_size=100', adminB)
      expect(asOther.json<InvitationsJson>().models.map((i) => i.email)).not.toContain(first)
    })

    it('revokes a pending invitation: its join link then fails', async () => {
      const admin = await signUp(app())
      const email = uniqueEmail('revoked')
      await invite(admin, { email, first_name: 'Rex', last_name: 'Roe' })
      const joinkey = await joinKeySentTo(app(), email)
      const [pending] = (await get('/v1/users/invitations', admin)).json<InvitationsJson>().models
      expect(pending?.email).toBe(email)

      const asMember = await revoke(memberA, pending?.id ?? '')
      expect(asMember.statusCode).toBe(403)
      const asOther = await revoke(adminB, pending?.id ?? '')
      expect(asOther.statusCode).toBe(404)
      expect(asOther.json<ErrorJson>().error.code).toBe('invitation_not_found')

      const revoked = await revoke(admin, pending?.id ?? '')
      expect(revoked.statusCode).toBe(204)
      expect((await get('/v1/users/invitations', admin)).json<InvitationsJson>().models).toEqual([])
      expect((await revoke(admin, pending?.id ?? '')).statusCode).toBe(404)

      const details = await app().inject({ method: 'GET', url: `/register/${joinkey}` })
      expect(details.statusCode).toBe(410)
      expect(details.json<ErrorJson>().error.code).toBe('join_key_revoked')
      const confirm = await app().inject({
        method: 'POST',
        url: '/auth/confirm-email-password-registration',
        payload: { email, password: GOOD_PASSWORD, joinkey },
      })
      expect(confirm.statusCode).toBe(410)
      expect(confirm.json<ErrorJson>().error.code).toBe('join_key_revoked')
    })

    describe('one invitation per address', () => {
      const register = (joinkey: string) =>
        app().inject({ method: 'GET', url: `/register/${joinkey}` })
      const confirm = (email: string, joinkey: string) =>
        app().inject({
          method: 'POST',
          url: '/auth/confirm-email-password-registration',
          payload: { email, password: GOOD_PASSWORD, joinkey },
        })
      const pendingOf = async (session: SignedIn) =>
        (await get('/v1/users/invitations?page_size=100', session)).json<InvitationsJson>().models

      it('sends a pending invitation again: one row, a new key and expiry, the old key dead', async () => {
        const admin = await signUp(app())
        const email = uniqueEmail('again')
        const first = await invite(admin, { email, first_name: 'Ann', last_name: 'Old' })
        expect(first.json()).toMatchObject({ status: 'sent' })
        const oldKey = await joinKeySentTo(app(), email)
        const [before] = await pendingOf(admin)

        const again = await invite(admin, {
          email: email.toUpperCase(),
          first_name: 'Anna',
          last_name: 'New',
          role: 'admin',
        })
        expect(again.statusCode, again.body).toBe(201)
        expect(again.json()).toEqual({
          status: 'renewed',
          email,
          role: 'admin',
          expires_at: expect.stringMatching(/^\d{4}-/) as string,
        })
        const newKey = await joinKeySentTo(app(), email)
        expect(newKey).not.toBe(oldKey)
        expect(await emailsTo(app(), email)).toHaveLength(2)

        const pending = await pendingOf(admin)
        expect(pending).toHaveLength(1)
        expect(pending[0]).toMatchObject({ id: before?.id, email, role: 'admin' })
        expect(pending[0]?.expires_at).toBe(again.json<{ expires_at: string }>().expires_at)
        expect(Date.parse(pending[0]?.expires_at ?? '')).toBeGreaterThanOrEqual(
          Date.parse(before?.expires_at ?? ''),
        )

        const dead = await register(oldKey)
        expect(dead.statusCode).toBe(404)
        expect(dead.json<ErrorJson>().error.code).toBe('join_key_not_found')
        expect((await confirm(email, oldKey)).statusCode).toBe(404)
        const live = await register(newKey)
        expect(live.statusCode).toBe(200)
        expect(live.json()).toMatchObject({ firstname: 'Anna', lastname: 'New' })

        // Revoking the one invitation leaves no live link behind.
        expect((await revoke(admin, before?.id ?? '')).statusCode).toBe(204)
        expect((await register(newKey)).statusCode).toBe(410)
        expect(await pendingOf(admin)).toEqual([])
      })

      it('answers sent, not renewed, when the earlier invitation had expired', async () => {
        const admin = await signUp(app())
        const email = uniqueEmail('lapsed')
        await invite(admin, { email, first_name: 'Lou', last_name: 'Late' })
        const oldKey = await joinKeySentTo(app(), email)
        await app()
          .db.update(registrations)
          .set({ expiresAt: new Date(Date.now() - 60_000) })
          .where(eq(registrations.organisationId, admin.organisationId))
        expect(await pendingOf(admin)).toEqual([])

        const again = await invite(admin, { email, first_name: 'Lou', last_name: 'Late' })
        expect(again.json()).toMatchObject({ status: 'sent', email })
        expect(await pendingOf(admin)).toHaveLength(1)
        expect((await register(oldKey)).statusCode).toBe(404)
        expect((await register(await joinKeySentTo(app(), email))).statusCode).toBe(200)
        const stored = await app()
          .db.select({ id: registrations.id })
          .from(registrations)
          .where(eq(registrations.organisationId, admin.organisationId))
        expect(stored).toHaveLength(1)
      })

      it('closes the address’s other invitations and sign-up link once one is accepted', async () => {
        const email = uniqueEmail('wanted')
        await invite(adminA, { email, first_name: 'Wes', last_name: 'Want' })
        const keyA = await joinKeySentTo(app(), email)
        await invite(adminB, { email, first_name: 'Wes', last_name: 'Want' })
        const keyB = await joinKeySentTo(app(), email)
        const signUpRequest = await app().inject({
          method: 'POST',
          url: '/auth/email-registration',
          remoteAddress: uniqueIp(),
          payload: { email, firstname: 'Wes', lastname: 'Want' },
        })
        expect(signUpRequest.statusCode).toBe(202)
        const signUpKey = await joinKeySentTo(app(), email)
        expect(new Set([keyA, keyB, signUpKey]).size).toBe(3)

        const accepted = await confirm(email, keyB)
        expect(accepted.statusCode, accepted.body).toBe(201)

        for (const key of [keyA, signUpKey]) {
          const details = await register(key)
          expect(details.statusCode).toBe(410)
          expect(details.json<ErrorJson>().error.code).toBe('join_key_expired')
          const submitted = await confirm(email, key)
          expect(submitted.statusCode).toBe(410)
          expect(submitted.json<ErrorJson>().error.code).toBe('join_key_expired')
        }
        expect((await register(keyB)).json<ErrorJson>().error.code).toBe('join_key_used')
        expect((await pendingOf(adminA)).map((i) => i.email)).not.toContain(email)
        expect((await pendingOf(adminB)).map((i) => i.email)).not.toContain(email)
        const team = (await get('/v1/users?page_size=100', adminB)).json<ListJson>().models
        expect(team.map((member) => member.email)).toContain(email)

        // Inviting the new member again is a conflict at the e-mail field, not a new invitation.
        const again = await invite(adminB, { email, first_name: 'Wes', last_name: 'Want' })
        expect(again.statusCode).toBe(409)
        expect(again.json<ErrorJson>().error.code).toBe('account_exists')
      })
    })

    it('answers 400 for an invitation id that is not a UUID and 404 for an unknown one', async () => {
      expect((await revoke(adminA, 'not-a-uuid')).statusCode).toBe(400)
      const unknown = await revoke(adminA, '00000000-0000-4000-8000-000000000000')
      expect(unknown.statusCode).toBe(404)
    })
  })
})
