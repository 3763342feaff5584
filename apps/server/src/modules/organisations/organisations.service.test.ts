import { DEFAULT_OBJECTION_TYPES } from '@dealcoach/playbooks/default-objection-types'
import { DEFAULT_PIPELINE } from '@dealcoach/playbooks/default-pipeline'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { objectionTypes } from '../../db/schema/objection-types.js'
import { actions, pipelines, stages } from '../../db/schema/pipelines.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

// The engine's eval scores the playbooks' defaults, so a new organisation must get exactly them.
describe('a new organisation', () => {
  let testApp: TestApp
  let organisationId: string
  const db = () => testApp.app.db

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    const { organisations } = testApp.app.services
    organisationId = (
      await db().transaction((tx) => organisations.createWithDefaults(tx, 'Seeded Ltd'))
    ).id
  })
  afterAll(() => testApp.close())

  it('is seeded with the default objection types, word for word', async () => {
    const rows = await db()
      .select()
      .from(objectionTypes)
      .where(eq(objectionTypes.organisationId, organisationId))
    const byName = new Map(rows.map((row) => [row.name, row]))
    expect(rows).toHaveLength(DEFAULT_OBJECTION_TYPES.length)
    for (const type of DEFAULT_OBJECTION_TYPES) {
      expect(byName.get(type.name), type.key).toMatchObject({
        description: type.description,
        examples: type.examples,
        active: true,
        source: 'system',
        approved: true,
      })
    }
  })

  it('is seeded with the default pipeline, its stages and actions in order', async () => {
    const [pipeline, ...others] = await db()
      .select()
      .from(pipelines)
      .where(eq(pipelines.organisationId, organisationId))
    expect(others).toEqual([])
    expect(pipeline).toMatchObject({ name: DEFAULT_PIPELINE.name, active: true })

    const stageRows = await db()
      .select()
      .from(stages)
      .where(eq(stages.organisationId, organisationId))
      .orderBy(asc(stages.position))
    const actionRows = await db()
      .select()
      .from(actions)
      .where(eq(actions.organisationId, organisationId))
      .orderBy(asc(actions.position))
    const seeded = stageRows.map((stage) => [
      stage.name,
      actionRows
        .filter((action) => action.stageId === stage.id)
        .map((action) => [action.name, action.description]),
    ])
    expect(seeded).toEqual(
      DEFAULT_PIPELINE.stages.map((stage) => [
        stage.name,
        stage.actions.map((action) => [action.name, action.description]),
      ]),
    )
  })
})
