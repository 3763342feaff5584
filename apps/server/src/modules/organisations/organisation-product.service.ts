import type { ProductProfileBody } from '@dealcoach/contracts/organisation'
import type { Database } from '../../db/client.js'
import { NotFound } from '../../lib/domain-errors.js'
import type { AuthUser } from '../../lib/caller.js'
import {
  findProductProfile,
  isProductDescribed,
  type ProductProfileRow,
  updateProductProfile,
} from './organisations.repository.js'
import type { ProductProfile } from './product-profile.js'

export interface OrganisationProductDeps {
  db: Database
  /** Re-analysis of the deals a change affects (the analysis module's requests service). */
  analysis: AnalysisBackfills
}

export interface AnalysisBackfills {
  backfill(
    tx: Database,
    input: { organisationId: string; reason: 'product_profile' },
  ): Promise<unknown>
}

function toProductProfile(row: ProductProfileRow): ProductProfile {
  return {
    name: row.productName,
    description: row.productDescription,
    valuePropositions: row.valuePropositions,
    differentiators: row.differentiators,
    idealCustomerProfile: row.idealCustomerProfile,
    competitors: row.competitors,
  }
}

/** The product profile of the caller's own organisation; the engine reads it too. */
export function createOrganisationProductService(deps: OrganisationProductDeps) {
  const { db, analysis } = deps

  return {
    async get(caller: AuthUser): Promise<ProductProfile> {
      const row = await findProductProfile(db, caller.organisationId)
      if (!row) throw new NotFound('Organisation')
      return toProductProfile(row)
    },

    /** Replaces the whole profile; the body arrives trimmed, blank list entries dropped. */
    async replace(caller: AuthUser, body: ProductProfileBody): Promise<ProductProfile> {
      return db.transaction(async (tx) => {
        const row = await updateProductProfile(tx, caller.organisationId, {
          productName: body.name,
          productDescription: body.description,
          valuePropositions: body.value_propositions,
          differentiators: body.differentiators,
          idealCustomerProfile: body.ideal_customer_profile,
          competitors: body.competitors,
        })
        if (!row) throw new NotFound('Organisation')
        // Solution fit was judged against the old profile.
        await analysis.backfill(tx, {
          organisationId: caller.organisationId,
          reason: 'product_profile',
        })
        return toProductProfile(row)
      })
    },

    /** The profile as the analysis engine reads it; empty fields when there is none. */
    async forAnalysis(tx: Database, organisationId: string) {
      const row = await findProductProfile(tx, organisationId)
      return {
        name: row?.productName ?? '',
        description: row?.productDescription ?? '',
        value_propositions: row?.valuePropositions ?? [],
        differentiators: row?.differentiators ?? [],
        ideal_customer_profile: row?.idealCustomerProfile ?? '',
        competitors: row?.competitors ?? [],
      }
    },

    /**
     * The onboarding checklist's question: does the product have a name and a description?
     * Undefined when the organisation does not exist.
     */
    isDescribed(organisationId: string): Promise<boolean | undefined> {
      return isProductDescribed(db, organisationId)
    },
  }
}

export type OrganisationProductService = ReturnType<typeof createOrganisationProductService>
