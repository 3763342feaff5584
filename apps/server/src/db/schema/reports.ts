import {
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { dealStatus } from './deals.js'
import { objectionTypes } from './objection-types.js'
import { actions, pipelines } from './pipelines.js'
import { organisationId } from './organisations.js'

/**
 * The [reports] rollups (DESIGN §4, ADR 0010): what the dashboard's action reports count, kept
 * by statement triggers on `action_results` (and on `deals` for a deal moved to another
 * pipeline, stage, owner, status or close date) in the transaction that writes them, so every writer keeps
 * them right.
 *
 * The per-deal tables have no foreign keys on purpose: a deal's rows go when its results go
 * (the results cascade from the deal, its engagements and its actions), and the trigger must
 * still find them then to take them off the pipeline's counts.
 */

/** Spec §4's reading of an action result's status text; deals without a result are not done. */
export const actionProgress = pgEnum('action_progress', ['completed', 'pending', 'ongoing'])

/**
 * Each deal's latest result per action, read as progress, with the deal's filterable columns as
 * they were when the row was written, so its counts can be taken off the right segment.
 */
export const dealActionProgress = pgTable(
  'deal_action_progress',
  {
    dealId: uuid('deal_id').notNull(),
    actionId: uuid('action_id').notNull(),
    organisationId: uuid('organisation_id').notNull(),
    pipelineId: uuid('pipeline_id').notNull(),
    stageId: uuid('stage_id'),
    ownerId: uuid('owner_id'),
    status: dealStatus('status').notNull(),
    closeDate: date('close_date'),
    progress: actionProgress('progress').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.actionId] }),
    // The deals behind one adherence cell.
    index('deal_action_progress_cell_idx').on(t.actionId, t.progress, t.dealId),
  ],
)

/** Each deal's action results per UTC day of analysis, action and progress. */
export const dealActionResultDays = pgTable(
  'deal_action_result_days',
  {
    dealId: uuid('deal_id').notNull(),
    day: date('day').notNull(),
    actionId: uuid('action_id').notNull(),
    progress: actionProgress('progress').notNull(),
    organisationId: uuid('organisation_id').notNull(),
    pipelineId: uuid('pipeline_id').notNull(),
    results: integer('results').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.day, t.actionId, t.progress] })],
)

/**
 * Per segment of deals (pipeline, stage, owner, status), action and progress: how many of the
 * segment's deals' latest results read so. The deal list's pipeline, stage, owner and status
 * filters select whole segments, so those stats read these few rows instead of the deals.
 */
export const actionProgressCounts = pgTable(
  'action_progress_counts',
  {
    organisationId: organisationId(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    stageId: uuid('stage_id'),
    ownerId: uuid('owner_id'),
    status: dealStatus('status').notNull(),
    actionId: uuid('action_id')
      .notNull()
      .references(() => actions.id, { onDelete: 'cascade' }),
    progress: actionProgress('progress').notNull(),
    deals: integer('deals').notNull(),
  },
  (t) => [
    unique('action_progress_counts_segment_key')
      .on(t.pipelineId, t.stageId, t.ownerId, t.status, t.actionId, t.progress)
      .nullsNotDistinct(),
    index('action_progress_counts_organisation_idx').on(t.organisationId, t.pipelineId),
  ],
)

/**
 * Per pipeline, close date, action and progress: how many deals. The dashboard asks for a
 * period of close dates, over a pipeline or the whole organisation; those stats read these rows.
 */
export const actionProgressCloseDays = pgTable(
  'action_progress_close_days',
  {
    organisationId: organisationId(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    closeDate: date('close_date'),
    actionId: uuid('action_id')
      .notNull()
      .references(() => actions.id, { onDelete: 'cascade' }),
    progress: actionProgress('progress').notNull(),
    deals: integer('deals').notNull(),
  },
  (t) => [
    unique('action_progress_close_days_key')
      .on(t.pipelineId, t.closeDate, t.actionId, t.progress)
      .nullsNotDistinct(),
    index('action_progress_close_days_organisation_idx').on(
      t.organisationId,
      t.pipelineId,
      t.closeDate,
    ),
  ],
)

/** Per pipeline, UTC day, action and progress: how many results the analysis found. */
export const pipelineActionResultDays = pgTable(
  'pipeline_action_result_days',
  {
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    actionId: uuid('action_id')
      .notNull()
      .references(() => actions.id, { onDelete: 'cascade' }),
    progress: actionProgress('progress').notNull(),
    organisationId: organisationId(),
    results: integer('results').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.pipelineId, t.day, t.actionId, t.progress] }),
    index('pipeline_action_result_days_organisation_idx').on(t.organisationId, t.day),
  ],
)

/*
 * The objection rollups (issue 14, ADR 0011): what the objection analysis calls count, kept by
 * statement triggers on `objections` (and on `deals` for a deal moved to another pipeline, owner
 * or status, and on `deal_stage_history` for its progress). Rejected objections are left out.
 * The segment of a deal is its pipeline, owner and status.
 */

/**
 * The columns the objection rollups per segment share: a deal's pipeline, owner and status, and
 * the objection's type. A function: each table needs its own column builders.
 */
const objectionSegmentColumns = () => ({
  organisationId: organisationId(),
  pipelineId: uuid('pipeline_id')
    .notNull()
    .references(() => pipelines.id, { onDelete: 'cascade' }),
  ownerId: uuid('owner_id'),
  status: dealStatus('status').notNull(),
  objectionTypeId: uuid('objection_type_id')
    .notNull()
    .references(() => objectionTypes.id, { onDelete: 'cascade' }),
})

/** Each deal's objections per type and UTC day raised, with the deal's segment when written. */
export const dealObjectionDays = pgTable(
  'deal_objection_days',
  {
    dealId: uuid('deal_id').notNull(),
    objectionTypeId: uuid('objection_type_id').notNull(),
    day: date('day').notNull(),
    organisationId: uuid('organisation_id').notNull(),
    pipelineId: uuid('pipeline_id').notNull(),
    ownerId: uuid('owner_id'),
    status: dealStatus('status').notNull(),
    raised: integer('raised').notNull(),
    handled: integer('handled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.objectionTypeId, t.day] })],
)

/** Per segment, type and UTC day: objections raised and handled (totals, trends, reps). */
export const objectionTypeDays = pgTable(
  'objection_type_days',
  {
    ...objectionSegmentColumns(),
    day: date('day').notNull(),
    raised: integer('raised').notNull(),
    handled: integer('handled').notNull(),
  },
  (t) => [
    unique('objection_type_days_key')
      .on(t.pipelineId, t.ownerId, t.status, t.objectionTypeId, t.day)
      .nullsNotDistinct(),
    index('objection_type_days_organisation_idx').on(t.organisationId, t.day),
    // A type's objection count for its drill-down list, from the index alone (ADR 0021).
    index('objection_type_days_type_idx').on(t.organisationId, t.objectionTypeId, t.day, t.raised),
  ],
)

/**
 * Per segment and type, every day together: objections raised and handled, kept from
 * `objection_type_days` by its own statement triggers (migration 0034). A report with no period
 * reads these rows (a few per rep and type) instead of summing every day the organisation has
 * had, which grows with each day of use (ADR 0040).
 */
export const objectionTypeCounts = pgTable(
  'objection_type_counts',
  {
    ...objectionSegmentColumns(),
    raised: integer('raised').notNull(),
    handled: integer('handled').notNull(),
  },
  (t) => [
    unique('objection_type_counts_key')
      .on(t.pipelineId, t.ownerId, t.status, t.objectionTypeId)
      .nullsNotDistinct(),
    index('objection_type_counts_organisation_idx').on(t.organisationId, t.pipelineId),
    index('objection_type_counts_type_idx').on(t.organisationId, t.objectionTypeId),
  ],
)

/**
 * Each deal's objections of one type: how many, when first and last raised, whether the latest
 * was handled, and whether the deal moved to a later stage after the first.
 */
export const dealObjectionTypes = pgTable(
  'deal_objection_types',
  {
    dealId: uuid('deal_id').notNull(),
    objectionTypeId: uuid('objection_type_id').notNull(),
    organisationId: uuid('organisation_id').notNull(),
    pipelineId: uuid('pipeline_id').notNull(),
    ownerId: uuid('owner_id'),
    status: dealStatus('status').notNull(),
    raised: integer('raised').notNull(),
    handled: integer('handled').notNull(),
    firstRaisedAt: timestamp('first_raised_at', { withTimezone: true }).notNull(),
    lastRaisedAt: timestamp('last_raised_at', { withTimezone: true }).notNull(),
    lastHandled: boolean('last_handled').notNull(),
    progressed: boolean('progressed').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.objectionTypeId] }),
    index('deal_objection_types_organisation_idx').on(t.organisationId, t.pipelineId),
  ],
)

/** Per segment and type, whether the latest was handled and the deal progressed: how many deals. */
export const objectionOutcomeCounts = pgTable(
  'objection_outcome_counts',
  {
    ...objectionSegmentColumns(),
    lastHandled: boolean('last_handled').notNull(),
    progressed: boolean('progressed').notNull(),
    deals: integer('deals').notNull(),
  },
  (t) => [
    unique('objection_outcome_counts_key')
      .on(t.pipelineId, t.ownerId, t.status, t.objectionTypeId, t.lastHandled, t.progressed)
      .nullsNotDistinct(),
    index('objection_outcome_counts_organisation_idx').on(t.organisationId, t.pipelineId),
  ],
)

/** Per segment: how many deals met any objection (a deal counts once, whatever its types). */
export const objectionDealCounts = pgTable(
  'objection_deal_counts',
  {
    organisationId: organisationId(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id'),
    status: dealStatus('status').notNull(),
    deals: integer('deals').notNull(),
  },
  (t) => [
    unique('objection_deal_counts_key').on(t.pipelineId, t.ownerId, t.status).nullsNotDistinct(),
    index('objection_deal_counts_organisation_idx').on(t.organisationId, t.pipelineId),
  ],
)

/**
 * The outcomes over a period: as `objection_outcome_counts`, also per UTC day the deal first
 * raised the type. A period selects the deals that first met the type in it, each counted once.
 */
export const objectionOutcomeDays = pgTable(
  'objection_outcome_days',
  {
    ...objectionSegmentColumns(),
    firstDay: date('first_day').notNull(),
    lastHandled: boolean('last_handled').notNull(),
    progressed: boolean('progressed').notNull(),
    deals: integer('deals').notNull(),
  },
  (t) => [
    unique('objection_outcome_days_key')
      .on(
        t.pipelineId,
        t.ownerId,
        t.status,
        t.objectionTypeId,
        t.firstDay,
        t.lastHandled,
        t.progressed,
      )
      .nullsNotDistinct(),
    index('objection_outcome_days_organisation_idx').on(t.organisationId, t.firstDay),
  ],
)

/** Per segment and UTC day of a deal's first objection (any type): how many deals. */
export const objectionDealDays = pgTable(
  'objection_deal_days',
  {
    organisationId: organisationId(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id'),
    status: dealStatus('status').notNull(),
    firstDay: date('first_day').notNull(),
    deals: integer('deals').notNull(),
  },
  (t) => [
    unique('objection_deal_days_key')
      .on(t.pipelineId, t.ownerId, t.status, t.firstDay)
      .nullsNotDistinct(),
    index('objection_deal_days_organisation_idx').on(t.organisationId, t.firstDay),
  ],
)
