import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const id = () => uuid('id').primaryKey().defaultRandom()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
const organisationId = () =>
  uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' })
const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`)

export const userRole = pgEnum('user_role', ['admin', 'member'])
export const dealStatus = pgEnum('deal_status', ['open', 'won', 'lost'])
export const engagementType = pgEnum('engagement_type', ['email', 'transcript', 'meeting', 'note'])
export const outboxStatus = pgEnum('outbox_status', ['queued', 'sent', 'logged', 'failed'])

export const organisations = pgTable('organisations', {
  id: id(),
  name: text('name').notNull(),
  productName: text('product_name').notNull().default(''),
  productDescription: text('product_description').notNull().default(''),
  valuePropositions: textList('value_propositions'),
  differentiators: textList('differentiators'),
  idealCustomerProfile: text('ideal_customer_profile').notNull().default(''),
  competitors: textList('competitors'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const users = pgTable(
  'users',
  {
    id: id(),
    organisationId: organisationId(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    role: userRole('role').notNull().default('member'),
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_organisation_idx').on(t.organisationId, t.lastName, t.firstName),
  ],
)

export const socialIdentities = pgTable(
  'social_identities',
  {
    id: id(),
    organisationId: organisationId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('social_identities_provider_subject_key').on(t.provider, t.subject),
    index('social_identities_user_idx').on(t.userId),
  ],
)

/** A pending sign-up or invitation; the join key itself is only ever e-mailed, never stored. */
export const registrations = pgTable(
  'registrations',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    joinKeyHash: text('join_key_hash').notNull(),
    organisationId: uuid('organisation_id').references(() => organisations.id, {
      onDelete: 'cascade',
    }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    role: userRole('role').notNull().default('member'),
    source: text('source'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('registrations_join_key_hash_key').on(t.joinKeyHash),
    index('registrations_email_idx').on(sql`lower(${t.email})`),
    // The onboarding checklist asks whether an organisation has invited anyone.
    index('registrations_organisation_idx').on(t.organisationId),
  ],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    organisationId: organisationId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
)

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

export const deals = pgTable(
  'deals',
  {
    id: id(),
    organisationId: organisationId(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    stageId: uuid('stage_id')
      .notNull()
      .references(() => stages.id),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }),
    currency: text('currency'),
    closeDate: date('close_date'),
    status: dealStatus('status').notNull().default('open'),
    remoteId: text('remote_id'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('deals_pipeline_stage_idx').on(t.organisationId, t.pipelineId, t.stageId),
    index('deals_owner_idx').on(t.organisationId, t.ownerId),
    index('deals_close_date_idx').on(t.organisationId, t.pipelineId, t.closeDate),
    index('deals_last_activity_idx').on(t.organisationId, t.pipelineId, t.lastActivityAt),
    index('deals_status_idx').on(t.organisationId, t.pipelineId, t.status),
    uniqueIndex('deals_remote_id_key')
      .on(t.organisationId, t.remoteId)
      .where(sql`${t.remoteId} is not null`),
  ],
)

export const dealStageHistory = pgTable(
  'deal_stage_history',
  {
    id: id(),
    organisationId: organisationId(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    fromStageId: uuid('from_stage_id').references(() => stages.id, { onDelete: 'set null' }),
    toStageId: uuid('to_stage_id')
      .notNull()
      .references(() => stages.id, { onDelete: 'cascade' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('deal_stage_history_deal_idx').on(t.dealId, t.changedAt)],
)

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    organisationId: organisationId(),
    name: text('name').notNull(),
    email: text('email'),
    title: text('title'),
    company: text('company'),
    remoteId: text('remote_id'),
    createdAt: createdAt(),
  },
  (t) => [index('contacts_email_idx').on(t.organisationId, sql`lower(${t.email})`)],
)

export const dealContacts = pgTable(
  'deal_contacts',
  {
    organisationId: organisationId(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    role: text('role'),
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.contactId] }),
    index('deal_contacts_contact_idx').on(t.contactId),
  ],
)

export interface Utterance {
  speaker: string
  role: 'seller' | 'buyer' | 'unknown'
  text: string
  start_ms?: number
}

export const engagements = pgTable(
  'engagements',
  {
    id: id(),
    organisationId: organisationId(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    type: engagementType('type').notNull(),
    name: text('name').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    direction: text('direction'),
    participants: jsonb('participants').$type<string[]>().notNull().default([]),
    body: text('body').notNull().default(''),
    utterances: jsonb('utterances').$type<Utterance[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('engagements_deal_idx').on(t.dealId, t.occurredAt),
    index('engagements_organisation_idx').on(t.organisationId, t.occurredAt),
  ],
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
    results: jsonb('results').$type<ActionResultEvidence[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('action_results_deal_idx').on(t.dealId, t.createdAt),
    index('action_results_action_idx').on(t.actionId),
  ],
)

export const objectionTypes = pgTable(
  'objection_types',
  {
    // Spec §3: the client generates the UUID, so there is no default.
    id: uuid('id').primaryKey(),
    organisationId: organisationId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    examples: textList('examples'),
    active: boolean('active').notNull().default(true),
    deleted: boolean('deleted').notNull().default(false),
    source: text('source').notNull().default('user'),
    approved: boolean('approved').notNull().default(false),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('objection_types_organisation_idx').on(t.organisationId, t.deleted, t.name)],
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

export const crmIntegrations = pgTable(
  'crm_integrations',
  {
    id: id(),
    organisationId: organisationId(),
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    accountName: text('account_name'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('crm_integrations_provider_key').on(t.organisationId, t.provider)],
)

export const appSettings = pgTable(
  'app_settings',
  {
    organisationId: organisationId(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.key] })],
)

export const onboardingForms = pgTable(
  'onboarding_forms',
  {
    id: id(),
    organisationId: organisationId(),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    fullName: text('full_name'),
    email: text('email'),
    teamSize: text('team_size'),
    isPrimaryContact: boolean('is_primary_contact'),
    callRecordingApp: text('call_recording_app'),
    callRecordingAppOther: text('call_recording_app_other'),
    salesFramework: text('sales_framework').array(),
    salesFrameworkCustom: text('sales_framework_custom'),
    createdAt: createdAt(),
  },
  (t) => [index('onboarding_forms_organisation_idx').on(t.organisationId, t.createdAt)],
)

/** E-mails are written here first, in the same transaction as what caused them, then delivered by a job. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: id(),
    organisationId: uuid('organisation_id').references(() => organisations.id, {
      onDelete: 'cascade',
    }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    status: outboxStatus('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('outbox_emails_status_idx').on(t.status, t.createdAt)],
)

/**
 * Failed-attempt counters for authentication throttling (ASVS 2.2.1), one row per scope and
 * subject (e.g. an account or an IP address). Kept in PostgreSQL so every replica sees them.
 * The key holds a SHA-256 of the subject, never the e-mail or address itself.
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('auth_throttle_window_idx').on(t.windowStartedAt)],
)
