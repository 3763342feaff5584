import type {
  ActionStatusDescriptionCode,
  ActionSummaryCode,
  ExplanationParams,
} from '@dealcoach/contracts/intelligence'
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
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
import { users } from './accounts.js'
import { objectionTypes } from './objection-types.js'
import { organisationId } from './organisations.js'
import { actions } from './pipelines.js'

export const analysisRunStatus = pgEnum('analysis_run_status', [
  'queued',
  'running',
  'done',
  'failed',
])

/**
 * Why a deal was (re-)analysed: new evidence, a user's request, a configuration change, a
 * change to the deal's own facts that the engine reads (its stage, status, close date, contacts),
 * or the calendar (an open deal's days without activity or in its stage crossed a step of its
 * confidence or warnings).
 */
export const analysisTrigger = pgEnum('analysis_trigger', [
  'engagement',
  'manual',
  'backfill',
  'deal_update',
  'calendar',
])

/** One analysis of one deal (DESIGN §8): visible on the deal while queued, running or failed. */
export const analysisRuns = pgTable(
  'analysis_runs',
  {
    id: id(),
    organisationId: organisationId(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    status: analysisRunStatus('status').notNull().default('queued'),
    trigger: analysisTrigger('trigger').notNull(),
    backfillId: uuid('backfill_id').references(() => analysisBackfills.id, {
      onDelete: 'set null',
    }),
    provider: text('provider'),
    engineVersion: text('engine_version'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
  },
  (t) => [
    index('analysis_runs_deal_idx').on(t.dealId, t.queuedAt.desc()),
    index('analysis_runs_backfill_idx').on(t.backfillId, t.status),
    // The organisation's background progress: its pending runs, and those finished since.
    index('analysis_runs_pending_idx')
      .on(t.organisationId, t.queuedAt)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('analysis_runs_finished_idx').on(t.organisationId, t.finishedAt),
  ],
)

/** A re-analysis of the deals a configuration change affects, with progress for the UI. */
export const analysisBackfills = pgTable(
  'analysis_backfills',
  {
    id: id(),
    organisationId: organisationId(),
    /** What changed: `pipeline_actions`, `objection_types` or `product_profile`. */
    reason: text('reason').notNull(),
    pipelineId: uuid('pipeline_id'),
    total: integer('total').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('analysis_backfills_organisation_idx').on(t.organisationId, t.createdAt.desc())],
)

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
    /**
     * What the summary and status description say, for the app to say it in the reader's language
     * (contracts/intelligence: actionSummaryCodeSchema, actionStatusDescriptionCodeSchema); null
     * on results stored before them and on the openai provider's, which keep their English.
     */
    summaryCode: text('summary_code').$type<ActionSummaryCode>(),
    summaryParams: jsonb('summary_params').$type<ExplanationParams>(),
    statusDescriptionCode: text('status_description_code').$type<ActionStatusDescriptionCode>(),
    statusDescriptionParams: jsonb('status_description_params').$type<ExplanationParams>(),
    results: jsonb('results').$type<ActionResultEvidence[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('action_results_deal_idx').on(t.dealId, t.createdAt),
    index('action_results_action_idx').on(t.actionId),
    // The activity calls read results by engagement; deleting an engagement cascades through it.
    index('action_results_engagement_idx').on(t.engagementId),
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
    /** Where in the engagement: the utterance's index (transcripts) or sentence's (e-mails). */
    utteranceIndex: integer('utterance_index'),
    text: text('text').notNull(),
    speaker: text('speaker'),
    handled: boolean('handled').notNull(),
    handlingScore: real('handling_score').notNull(),
    response: text('response'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /**
     * A user said "not an objection": hidden from every count at once, until the next analysis
     * (which no longer finds it) or until the correction is taken back.
     */
    rejected: boolean('rejected').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('objections_type_idx').on(t.objectionTypeId, t.occurredAt),
    // Ends in the id: the analysis list's order (when raised, then id) walks it with no sort.
    index('objections_organisation_idx').on(t.organisationId, t.occurredAt, t.id),
    index('objections_deal_idx').on(t.dealId),
    // The best answers: the organisation's objections by handling score (issue 14, ADR 0011).
    index('objections_handling_score_idx').on(t.organisationId, t.handlingScore, t.id),
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

export const objectionFeedbackVerdict = pgEnum('objection_feedback_verdict', [
  'not_objection',
  'other_type',
])

/**
 * A user's correction of a detected objection (issue 14). It outlives the objection row, which a
 * re-analysis deletes when it no longer finds the objection (an objection found again keeps its
 * row and id, ADR 0033): the quote, engagement and types are kept so that the engine can apply it
 * to the next analysis and the user can see and take it back.
 */
export const objectionFeedback = pgTable(
  'objection_feedback',
  {
    id: id(),
    organisationId: organisationId(),
    objectionId: uuid('objection_id').references(() => objections.id, { onDelete: 'set null' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    engagementId: uuid('engagement_id')
      .notNull()
      .references(() => engagements.id, { onDelete: 'cascade' }),
    utteranceIndex: integer('utterance_index'),
    quote: text('quote').notNull(),
    verdict: objectionFeedbackVerdict('verdict').notNull(),
    originalTypeId: uuid('original_type_id').references(() => objectionTypes.id, {
      onDelete: 'set null',
    }),
    correctedTypeId: uuid('corrected_type_id').references(() => objectionTypes.id, {
      onDelete: 'cascade',
    }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('objection_feedback_organisation_idx').on(t.organisationId, t.createdAt.desc()),
    // One correction per detected sentence (engagement and quote): the service replaces it.
    index('objection_feedback_engagement_idx').on(t.engagementId),
    index('objection_feedback_objection_idx').on(t.objectionId),
  ],
)
