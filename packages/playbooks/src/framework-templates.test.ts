import { SALES_FRAMEWORK_KEYS, type SalesFramework } from '@dealcoach/contracts/sales-frameworks'
import { describe, expect, it } from 'vitest'
import { DEFAULT_OBJECTION_TYPES } from './default-objection-types.js'
import { DEFAULT_PIPELINE } from './default-pipeline.js'
import { findSalesFramework, SALES_FRAMEWORK_TEMPLATES } from './framework-templates.js'

const unique = (names: string[]) => new Set(names.map((n) => n.toLowerCase())).size

describe('framework templates', () => {
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
        for (const example of type.examples) expect(example.trim(), type.name).not.toBe('')
      }
      // Names are unique within a framework: pipelines and objection types are matched by them.
      const stageNames = framework.stages.map((stage) => stage.name)
      expect(unique(stageNames)).toBe(stageNames.length)
      const actionNames = framework.stages.flatMap((stage) => stage.actions.map((a) => a.name))
      expect(unique(actionNames)).toBe(actionNames.length)
      const typeNames = framework.objection_types.map((type) => type.name)
      expect(unique(typeNames)).toBe(typeNames.length)
    },
  )

  it('offers as "custom" the default playbook, in the same words', () => {
    const custom = findSalesFramework('custom')
    const defaultActions = DEFAULT_PIPELINE.stages.flatMap((stage) =>
      stage.actions.map((action) => ({ name: action.name, description: action.description })),
    )
    expect(custom.stages.flatMap((stage) => stage.actions)).toEqual(defaultActions)

    const defaults = new Map(DEFAULT_OBJECTION_TYPES.map((type) => [type.name, type]))
    for (const type of custom.objection_types) {
      const seeded = defaults.get(type.name)
      expect(seeded, type.name).toBeDefined()
      expect(type.description).toBe(seeded?.description)
      expect(seeded?.examples).toEqual(expect.arrayContaining(type.examples))
    }
  })
})
