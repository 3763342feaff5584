/** What the organisation sells, as the organisation-product service answers it. */
export interface ProductProfile {
  name: string
  description: string
  valuePropositions: string[]
  differentiators: string[]
  idealCustomerProfile: string
  competitors: string[]
}
