import { SALES_FRAMEWORK_TEMPLATES } from '@dealcoach/playbooks/framework-templates'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  inviteMember,
  signUp,
  type SignedIn,
  uniqueEmail,
} from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

// The templates themselves are checked in packages/playbooks (framework-templates.test.ts).
describe('sales frameworks', () => {
  describe('GET /v1/sales-frameworks', () => {
    let testApp: TestApp
    let admin: SignedIn
    let member: SignedIn

    beforeAll(async () => {
      testApp = await createTestApp({ RUN_WORKERS: 'false' })
      admin = await signUp(testApp.app, { email: uniqueEmail('alice') })
      member = await inviteMember(testApp.app, admin)
    })
    afterAll(() => testApp.close())

    it('answers every framework to any signed-in user', async () => {
      for (const session of [admin, member]) {
        const response = await testApp.app.inject({
          method: 'GET',
          url: '/v1/sales-frameworks',
          headers: bearer(session.accessToken),
        })
        expect(response.statusCode).toBe(200)
        expect(response.json()).toEqual({ models: SALES_FRAMEWORK_TEMPLATES })
      }
    })

    it('requires a token', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/v1/sales-frameworks' })
      expect(response.statusCode).toBe(401)
    })

    it('is documented with the SalesFramework schema', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/openapi.json' })
      const document = response.json<{
        paths: Record<string, Record<string, unknown>>
        components: { schemas: Record<string, unknown> }
      }>()
      expect(Object.keys(document.paths['/v1/sales-frameworks'] ?? {})).toEqual(['get'])
      expect(document.components.schemas).toHaveProperty('SalesFramework')
    })
  })
})
