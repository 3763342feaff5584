import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { id, createdAt, updatedAt } from './columns.js'
import { organisationId } from './organisations.js'

export const pipelines = pgTable(
  'pipelines',
  {
    id: id(),
    organisationId: organisationId(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    remoteId: text('remote_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('pipelines_organisation_idx').on(t.organisationId, t.name)],
)

export const stages = pgTable(
  'stages',
  {
    id: id(),
    organisationId: organisationId(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    remoteStageId: text('remote_stage_id'),
  },
  (t) => [index('stages_pipeline_idx').on(t.pipelineId, t.position)],
)

export const actions = pgTable(
  'actions',
  {
    id: id(),
    organisationId: organisationId(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    stageId: uuid('stage_id').references(() => stages.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull(),
  },
  (t) => [index('actions_pipeline_idx').on(t.pipelineId, t.stageId, t.position)],
)
