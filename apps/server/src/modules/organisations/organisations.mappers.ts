import type { ProductProfile as ProductProfileBody } from '@dealcoach/contracts/organisation'
import type { ProductProfile } from './product-profile.js'

export function toProductProfileBody(profile: ProductProfile): ProductProfileBody {
  return {
    name: profile.name,
    description: profile.description,
    value_propositions: profile.valuePropositions,
    differentiators: profile.differentiators,
    ideal_customer_profile: profile.idealCustomerProfile,
    competitors: profile.competitors,
  }
}
