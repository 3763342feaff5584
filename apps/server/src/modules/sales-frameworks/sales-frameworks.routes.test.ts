import { SALES_FRAMEWORK_KEYS, type SalesFramework } from '@dealcoach/contracts/sales-frameworks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  inviteMember,
  signUp,
  type SignedIn,
  uniqueEmail,
} from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'
import { findSalesFramework, SALES_FRAMEWORK_TEMPLATES } from './sales-framework-templates.js'

describe('sales frameworks', () => {
  describe('templates', () => {
    it('has one template per framework, in the order of SALES_FRAMEWORK_KEYS', () => {
      expect(SALES_FRAMEWORK_TEMPLATES.map((framework) => framework.key)).toEqual([
        ...SALES_FRAMEWORK_KEYS,
      ])
      for (const key of SALES_FRAMEWORK_KEYS) expect(findSalesFramework(key).key).toBe(key)
    })

    it.each(SALES_FRAMEWORK_TEMPLATES.map((framework) => [framework.key, framework] as const))(
      '%s offers a usable pipeline and objection types',
      (_, framework: SalesFramework) => {
        expect(framework.name).not.toBe('')
        expect(framework.description).toMatch(/^[A-Z].+\.$/)
        expect(framework.pipeline_name).not.toBe('')
        expect(framework.stages.length).toBeGreaterThanOrEqual(4)
        expect(framework.stages.length).toBeLessThanOrEqual(7)
        for (const stage of framework.stages) {
          expect(stage.actions.length, stage.name).toBeGreaterThanOrEqual(2)
          expect(stage.actions.length, stage.name).toBeLessThanOrEqual(4)
          for (const action of stage.actions) {
            expect(action.name.length, action.name).toBeLessThanOrEqual(200)
            expect(action.description, action.name).toMatch(/^[A-Z].{40,}\.$/)
          }
        }
        expect(framework.objection_types.length).toBeGreaterThanOrEqual(3)
        expect(framework.objection_types.length).toBeLessThanOrEqual(6)
        for (const type of framework.objection_types) {
          expect(type.description, type.name).not.toBe('')
          expect(type.examples.length, type.name).toBeGreaterThanOrEqual(2)
          expect(type.examples.length, type.name).toBeLessThanOrEqual(3)
        }
        // Names are unique within a framework: pipelines and objection types are matched by them.
        const unique = (names: string[]) => new Set(names.map((n) => n.toLowerCase())).size
        const stageNames = framework.stages.map((stage) => stage.name)
        expect(unique(stageNames)).toBe(stageNames.length)
        const typeNames = framework.objection_types.map((type) => type.name)
        expect(unique(typeNames)).toBe(typeNames.length)
      },
    )
  })

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
