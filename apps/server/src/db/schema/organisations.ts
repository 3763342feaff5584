import { pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { id, createdAt, updatedAt, textList } from './columns.js'

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

/** The tenant column every tenant table carries (DESIGN §4). */
export const organisationId = () =>
  uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' })
