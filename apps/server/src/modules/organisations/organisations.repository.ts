import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { organisations } from '../../db/schema/organisations.js'

export type OrganisationRow = typeof organisations.$inferSelect

export async function insertOrganisation(db: Database, name: string): Promise<OrganisationRow> {
  const [row] = await db.insert(organisations).values({ name }).returning()
  if (!row) throw new Error('insert into organisations returned no row')
  return row
}

/** Every organisation's id, for work the system does for each (scheduled jobs). */
export async function organisationIds(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: organisations.id })
    .from(organisations)
    .orderBy(organisations.id)
  return rows.map((row) => row.id)
}

export async function findOrganisation(
  db: Database,
  id: string,
): Promise<OrganisationRow | undefined> {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id))
  return row
}

export async function renameOrganisation(
  db: Database,
  id: string,
  name: string,
): Promise<OrganisationRow | undefined> {
  const [row] = await db
    .update(organisations)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(organisations.id, id))
    .returning()
  return row
}

/** The product profile columns of an organisation, as stored. */
export interface ProductProfileRow {
  productName: string
  productDescription: string
  valuePropositions: string[]
  differentiators: string[]
  idealCustomerProfile: string
  competitors: string[]
}

const productProfileColumns = {
  productName: organisations.productName,
  productDescription: organisations.productDescription,
  valuePropositions: organisations.valuePropositions,
  differentiators: organisations.differentiators,
  idealCustomerProfile: organisations.idealCustomerProfile,
  competitors: organisations.competitors,
}

export async function findProductProfile(
  db: Database,
  organisationId: string,
): Promise<ProductProfileRow | undefined> {
  const [row] = await db
    .select(productProfileColumns)
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  return row
}

/** Replaces the whole product profile; undefined if the organisation no longer exists. */
export async function updateProductProfile(
  db: Database,
  organisationId: string,
  profile: ProductProfileRow,
): Promise<ProductProfileRow | undefined> {
  const [row] = await db
    .update(organisations)
    .set({ ...profile, updatedAt: sql`now()` })
    .where(eq(organisations.id, organisationId))
    .returning(productProfileColumns)
  return row
}

/** Whether the product has a name and a description; undefined without the organisation. */
export async function isProductDescribed(
  db: Database,
  organisationId: string,
): Promise<boolean | undefined> {
  const [row] = await db
    .select({
      described: sql<boolean>`(btrim(${organisations.productName}) <> ''
        and btrim(${organisations.productDescription}) <> '')`,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  return row ? row.described === true : undefined
}
