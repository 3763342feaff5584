import {
  boolean,
  index,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { id, createdAt } from './columns.js'
import { deals } from './deals.js'
import { engagements } from './engagements.js'
import { objectionTypes } from './objection-types.js'
import { organisationId } from './organisations.js'
import { actions } from './pipelines.js'

export interface ActionResultEvidence {
  type: 'email' | 'transcript'
  result: string
}

export const actionResults = pgTable(
  'action_results',
  {
    id: id(),
    organisationId: organisationId(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    engagementId: uuid('engagement_id').references(() => engagements.id, { onDelete: 'cascade' }),
    actionId: uuid('action_id')
      .notNull()
      .references(() => actions.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    summary: text('summary').notNull().default(''),
    statusDescription: text('status_description').notNull().default(''),
    results: jsonb('results').$type<ActionResultEvidence[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('action_results_deal_idx').on(t.dealId, t.createdAt),
    index('action_results_action_idx').on(t.actionId),
  ],
)

export const objections = pgTable(
  'objections',
  {
    id: id(),
    organisationId: organisationId(),
    objectionTypeId: uuid('objection_type_id')
      .notNull()
      .references(() => objectionTypes.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    engagementId: uuid('engagement_id')
      .notNull()
      .references(() => engagements.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    speaker: text('speaker'),
    handled: boolean('handled').notNull(),
    handlingScore: real('handling_score').notNull(),
    response: text('response'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('objections_type_idx').on(t.objectionTypeId, t.occurredAt),
    index('objections_organisation_idx').on(t.organisationId, t.occurredAt),
    index('objections_deal_idx').on(t.dealId),
  ],
)

export const dealAssessments = pgTable(
  'deal_assessments',
  {
    id: id(),
    organisationId: organisationId(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    solutionFitTier: smallint('solution_fit_tier'),
    solutionFitScoring: jsonb('solution_fit_scoring').$type<unknown[]>().notNull().default([]),
    confidence: smallint('confidence'),
    confidenceFactors: jsonb('confidence_factors').$type<unknown[]>().notNull().default([]),
    riskWarnings: jsonb('risk_warnings').$type<unknown[]>().notNull().default([]),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deal_assessments_deal_idx').on(t.dealId, t.computedAt.desc())],
)
