import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt, textList } from './columns.js'
import { users } from './accounts.js'
import { organisationId } from './organisations.js'

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
