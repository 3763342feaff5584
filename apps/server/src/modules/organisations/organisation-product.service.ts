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
  const { db } = deps

  return {
    async get(caller: AuthUser): Promise<ProductProfile> {
      const row = await findProductProfile(db, caller.organisationId)
      if (!row) throw new NotFound('Organisation')
      return toProductProfile(row)
    },

    /** Replaces the whole profile; the body arrives trimmed, blank list entries dropped. */
    async replace(caller: AuthUser, body: ProductProfileBody): Promise<ProductProfile> {
      const row = await updateProductProfile(db, caller.organisationId, {
        productName: body.name,
        productDescription: body.description,
        valuePropositions: body.value_propositions,
        differentiators: body.differentiators,
        idealCustomerProfile: body.ideal_customer_profile,
        competitors: body.competitors,
      })
      if (!row) throw new NotFound('Organisation')
      return toProductProfile(row)
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
