import { DEALS_DEFAULT_PAGE_SIZE, DEALS_MAX_PAGE_SIZE } from '@dealcoach/contracts/deals'

/** The GraphQL schema (DESIGN §5): camelCase fields, read-only, scoped to the caller's organisation. */
export const typeDefs = /* GraphQL */ `
  type Query {
    "One of your organisation's deals; null when there is none with this id."
    deal(id: ID!): Deal
    "Your organisation's deals, most recently active first; searchQuery matches part of the name or account name; perPage is 1 to ${DEALS_MAX_PAGE_SIZE}."
    deals(pipelineId: ID, searchQuery: String, page: Int = 1, perPage: Int = ${DEALS_DEFAULT_PAGE_SIZE}): DealPage!
    "Your organisation's pipelines with their stages and actions, by name."
    pipelines: [Pipeline!]!
    "The signed-in user."
    me: User
  }

  type DealPage {
    items: [Deal!]!
    "How many deals match in all pages."
    total: Int!
    page: Int!
    perPage: Int!
  }

  enum DealStatus {
    open
    won
    lost
  }

  type Deal {
    id: ID!
    name: String!
    "The buyer company."
    accountName: String
    amount: Float
    currency: String
    "yyyy-MM-dd"
    closeDate: String
    status: DealStatus!
    "ISO 8601 date-time of the latest engagement."
    lastActivityAt: String
    stage: Stage!
    owner: User
    "The current assessment's confidence, 0 to 100; null until analysed."
    confidence: Int
    "Null when the deal has no solution-fit scoring."
    solutionFit: SolutionFit
  }

  type SolutionFit {
    "1 to 4"
    tier: Int!
    scoring: [SolutionFitScoring!]!
  }

  type SolutionFitScoring {
    "The criterion, e.g. problem_pain_identification."
    type: String!
    "0 to 3"
    score: Int!
    "Why the criterion scored so, in English."
    justification: String!
    "What the justification says, for a client to say it in its reader's language with the type and score: score, score_doubts or score_defers (the score's sentence, with the buyer's doubts or deferral), no_product, buyer_doubts or buyer_defers; null on scorings made before it and on the openai provider's."
    justificationCode: String
    evidenceRefs: [EvidenceRef!]!
  }

  enum SpeakerRole {
    seller
    buyer
    unknown
  }

  type EvidenceRef {
    engagement: EngagementRef!
    "True when the evidence comes from the deal's most recent engagement."
    new: Boolean!
    role: SpeakerRole!
    speaker: String!
    text: String!
  }

  type EngagementRef {
    id: ID!
    name: String!
    "ISO 8601 date-time the engagement took place."
    date: String
    "transcript, email, meeting or note"
    type: String!
  }

  type Pipeline {
    id: ID!
    name: String!
    active: Boolean!
    "By position."
    stages: [Stage!]!
    "By their stage's position, then their own."
    actions: [Action!]!
  }

  type Stage {
    id: ID!
    name: String!
    position: Int!
  }

  type Action {
    id: ID!
    stageId: ID
    name: String!
    description: String!
    position: Int!
  }

  enum UserRole {
    admin
    member
  }

  type User {
    id: ID!
    firstName: String!
    lastName: String!
    email: String!
    role: UserRole!
  }
`
