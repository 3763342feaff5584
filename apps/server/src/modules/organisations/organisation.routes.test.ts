import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  callAs,
  inviteMember,
  type SignedIn,
  signUp,
  uniqueEmail,
} from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

type ErrorJson = { error: { code: string; details?: { path: string; message: string }[] } }
interface OrganisationJson {
  id: string
  name: string
}

describe('the organisation itself', () => {
  let testApp: TestApp
  const app = () => testApp.app
  let adminA: SignedIn
  let memberA: SignedIn
  let adminB: SignedIn

  const get = (session?: SignedIn) => callAs(app(), session, 'GET', '/v1/organisation')
  const rename = (session: SignedIn | undefined, payload: object) =>
    callAs(app(), session, 'PATCH', '/v1/organisation', payload)
  const me = async (session: SignedIn) =>
    (await callAs(app(), session, 'GET', '/v1/users/me')).json<{
      organisation: OrganisationJson
    }>()

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    adminA = await signUp(app(), { email: uniqueEmail('alice', 'alpha.example') })
    adminB = await signUp(app(), { email: uniqueEmail('bob', 'beta.example') })
    memberA = await inviteMember(app(), adminA)
  })
  afterAll(() => testApp.close())

  it('answers the caller’s organisation, named after the e-mail domain at sign-up', async () => {
    const response = await get(memberA)
    expect(response.statusCode).toBe(200)
    expect(response.json<OrganisationJson>()).toEqual({
      id: adminA.organisationId,
      name: (await me(adminA)).organisation.name,
    })
    expect((await get()).statusCode).toBe(401)
  })

  it('lets an admin rename it, trimmed; members see the new name', async () => {
    const response = await rename(adminA, { name: '  Alpha Robotics Ltd ' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<OrganisationJson>()).toEqual({
      id: adminA.organisationId,
      name: 'Alpha Robotics Ltd',
    })
    expect((await me(memberA)).organisation.name).toBe('Alpha Robotics Ltd')
    // The other organisation is untouched.
    expect((await get(adminB)).json<OrganisationJson>().name).not.toBe('Alpha Robotics Ltd')
  })

  it('refuses members, anonymous callers and a blank or over-long name', async () => {
    expect((await rename(memberA, { name: 'Mine' })).statusCode).toBe(403)
    expect((await rename(undefined, { name: 'Mine' })).statusCode).toBe(401)
    for (const name of ['   ', 'x'.repeat(201)]) {
      const response = await rename(adminA, { name })
      expect(response.statusCode).toBe(400)
      expect(response.json<ErrorJson>().error.details?.map((d) => d.path)).toEqual(['body.name'])
    }
    expect((await get(adminA)).json<OrganisationJson>().name).toBe('Alpha Robotics Ltd')
  })
})
