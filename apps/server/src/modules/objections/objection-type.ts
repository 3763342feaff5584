/** An objection type as the objection-types service answers it. */
export interface ObjectionType {
  id: string
  organisationId: string
  name: string
  description: string
  examples: string[]
  active: boolean
  deleted: boolean
  /** 'user' (created through the API), 'system' (seeded) or 'framework'. */
  source: string
  approved: boolean
  approvedBy: string | null
  createdAt: Date
  updatedAt: Date
}

/** An objection found under a type, with the name of its deal. */
export interface TypeObjection {
  id: string
  objectionTypeId: string
  dealId: string
  dealName: string
  engagementId: string
  text: string
  speaker: string | null
  handled: boolean
  handlingScore: number
  response: string | null
  occurredAt: Date
}

/** What a template offers for an objection type: the default ones and each framework's. */
export interface ObjectionTypeTemplate {
  name: string
  description: string
  examples: readonly string[]
}
