/** What the seeded scale organisation offers the scenarios to ask for. */
export interface BenchContext {
  organisationId: string
  pipelineId: string
  /** The pipeline's stages in order. */
  stageIds: string[]
  /** An owner with open deals, and the stages those deals are in (so the filters match rows). */
  ownerId: string
  ownerStageIds: string[]
  /** Today as yyyy-MM-dd, the centre of the close-date window. */
  today: string
  /** The first deal of the pipeline's default page, and the ids of that page (100 deals). */
  dealId: string
  pageDealIds: string[]
  /** One of that deal's engagements, with its type (the engagement call names it). */
  engagementId: string
  engagementType: string
  /** The objection type with the most objections. */
  objectionTypeId: string
}

/** A request as the web app sends it: a GET, or a POST with a JSON body. */
export interface BenchRequest {
  method: 'GET' | 'POST'
  /** The path with its query string. */
  path: string
  body?: unknown
}

/** DESIGN §7's bars for one scenario; absent ones are reported without a verdict. */
export interface BenchTargets {
  /** p95 in ms for one client. */
  p95Ms?: number
  /** Requests per second at 50 connections. */
  requestsPerSecond?: number
  /** API p95 over the same SQL's p95, one client. */
  ratio?: number
}

export interface BenchScenario {
  id: string
  title: string
  targets: BenchTargets
  request(context: BenchContext): BenchRequest
}

/** DESIGN §7: deal list and search p95 ≤ 10 ms for one client, ≥ 800 req/s at 50 connections. */
export const DEAL_LIST_TARGETS: BenchTargets = { p95Ms: 10, requestsPerSecond: 800, ratio: 1.5 }

/**
 * DESIGN §7: summaries (per stage, recent activity) p95 ≤ 20 ms. One deal's reads (the deal
 * screen) are held to the same bar: §7 names no other, and they are summaries of one deal.
 */
export const SUMMARY_TARGETS: BenchTargets = { p95Ms: 20, ratio: 1.5 }

/** DESIGN §7: reports p95 ≤ 100 ms for one client, served from rollups. */
export const REPORT_TARGETS: BenchTargets = { p95Ms: 100, ratio: 1.5 }

function get(path: string, query: Record<string, string> = {}): BenchRequest {
  const search = new URLSearchParams(query).toString()
  return { method: 'GET', path: search ? `${path}?${search}` : path }
}

function statsPath(call: string, query: Record<string, string>): BenchRequest {
  return get(`/v1/deals/${call}`, query)
}

function objectionsPath(call: string, query: Record<string, string>): BenchRequest {
  return get(`/v1/objections/${call}`, query)
}

function dealsPath(query: Record<string, string>): BenchRequest {
  return get('/v1/deals', query)
}

function graphql(query: string, variables: Record<string, unknown>): BenchRequest {
  return { method: 'POST', path: '/graphql', body: { query, variables } }
}

/** The deal list's columns, as a GraphQL client would ask for them. */
const GRAPHQL_DEALS = `query Deals($pipelineId: ID!) {
  deals(pipelineId: $pipelineId, perPage: 100) {
    total
    items { id name accountName amount currency closeDate status lastActivityAt confidence
      stage { id name } owner { id firstName lastName } }
  }
}`

/** The spec's solution-fit query: a deal's scoring with the evidence behind it. */
const GRAPHQL_SOLUTION_FIT = `query SolutionFit($id: ID!) {
  deal(id: $id) {
    id
    solutionFit { tier scoring { type score justification
      evidenceRefs { new role speaker text engagement { id name date type } } } }
  }
}`

function shiftDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/**
 * The bench's requests, in the order they run. A list, so that summaries, reports and mixed
 * traffic (DESIGN §7) join as more entries with their own targets.
 */
export const BENCH_SCENARIOS: readonly BenchScenario[] = [
  {
    id: 'deals-list',
    title: 'Deal list: one pipeline, 100 per page (the pipeline view)',
    targets: DEAL_LIST_TARGETS,
    request: ({ pipelineId }) => dealsPath({ pipelineId, perPage: '100' }),
  },
  {
    id: 'deals-filters',
    title: 'Deal list filtered: two stages, one owner, close date ±30 days, open',
    targets: DEAL_LIST_TARGETS,
    request: ({ pipelineId, ownerId, ownerStageIds, today }) =>
      dealsPath({
        pipelineId,
        stageIds: ownerStageIds.join(','),
        ownerId,
        closeDateGte: shiftDays(today, -30),
        closeDateLte: shiftDays(today, 30),
        statuses: 'open',
        perPage: '100',
      }),
  },
  {
    id: 'deals-search-name',
    title: 'Search a deal name fragment ("deal 4711", 11 matches)',
    targets: DEAL_LIST_TARGETS,
    request: ({ pipelineId }) =>
      dealsPath({ pipelineId, searchQuery: 'deal 4711', perPage: '100' }),
  },
  {
    id: 'deals-search-account',
    title: 'Search an account name fragment ("account 42", ~2,200 matches)',
    targets: DEAL_LIST_TARGETS,
    request: ({ pipelineId }) =>
      dealsPath({ pipelineId, searchQuery: 'account 42', perPage: '100' }),
  },
  {
    id: 'deals-order-amount',
    title: 'Deal list ordered by amount, largest first',
    targets: DEAL_LIST_TARGETS,
    request: ({ pipelineId }) => dealsPath({ pipelineId, orderBy: '-amount', perPage: '100' }),
  },
  {
    id: 'deals-order-confidence',
    title: 'Deal list ordered by confidence, highest first',
    targets: DEAL_LIST_TARGETS,
    request: ({ pipelineId }) => dealsPath({ pipelineId, orderBy: '-confidence', perPage: '100' }),
  },
  {
    id: 'deals-order-created',
    title: 'Deal list, newest added first (an import’s “See the deals”)',
    targets: DEAL_LIST_TARGETS,
    request: ({ pipelineId }) => dealsPath({ pipelineId, orderBy: '-created_at', perPage: '100' }),
  },
  {
    id: 'deals-deep-page',
    title: 'Deal list, page 500 of 1,000 (offset 49,900)',
    targets: DEAL_LIST_TARGETS,
    request: ({ pipelineId }) => dealsPath({ pipelineId, perPage: '100', page: '500' }),
  },
  {
    id: 'deals-last-page',
    title: 'Deal list, the last page of 1,000 (walked from the far end)',
    targets: DEAL_LIST_TARGETS,
    request: ({ pipelineId }) => dealsPath({ pipelineId, perPage: '100', page: '1000' }),
  },
  {
    id: 'stats-actions',
    title: 'Action stats: playbook adherence of one pipeline (the dashboard)',
    targets: REPORT_TARGETS,
    request: ({ pipelineId }) => statsPath('action-stats', { pipelineId }),
  },
  {
    id: 'stats-actions-filtered',
    title: 'Action stats filtered: two stages, one owner, open',
    targets: REPORT_TARGETS,
    request: ({ pipelineId, ownerId, ownerStageIds }) =>
      statsPath('action-stats', {
        pipelineId,
        stageIds: ownerStageIds.join(','),
        ownerId,
        statuses: 'open',
      }),
  },
  {
    id: 'stats-actions-period',
    title: 'Action stats: one pipeline, deals closing in a 6-month period (the dashboard)',
    targets: REPORT_TARGETS,
    request: ({ pipelineId, today }) =>
      statsPath('action-stats', {
        pipelineId,
        start_date: shiftDays(today, -90),
        end_date: shiftDays(today, 90),
      }),
  },
  {
    id: 'stats-completion',
    title: 'Action completion: one pipeline, the last 90 days by day',
    targets: REPORT_TARGETS,
    request: ({ pipelineId, today }) =>
      statsPath('action-completion-stats', {
        pipelineId,
        start_date: shiftDays(today, -89),
        end_date: today,
      }),
  },
  {
    id: 'stats-confidence',
    title: 'Confidence: bands, calibration and the 10 deals most at risk of one pipeline',
    targets: REPORT_TARGETS,
    request: ({ pipelineId }) => statsPath('confidence-stats', { pipelineId }),
  },
  {
    id: 'stats-confidence-period',
    title: 'Confidence: one pipeline, deals closing in a 6-month period (the dashboard)',
    targets: REPORT_TARGETS,
    request: ({ pipelineId, today }) =>
      statsPath('confidence-stats', {
        pipelineId,
        start_date: shiftDays(today, -90),
        end_date: shiftDays(today, 90),
      }),
  },
  {
    id: 'objections-common',
    title: 'Common objections: per type, weekly trend and outcomes of one pipeline',
    targets: REPORT_TARGETS,
    request: ({ pipelineId }) => objectionsPath('common-objections-analysis', { pipelineId }),
  },
  {
    id: 'objections-common-period',
    title: 'Common objections: one pipeline, objections raised in the last 90 days',
    targets: REPORT_TARGETS,
    request: ({ pipelineId, today }) =>
      objectionsPath('common-objections-analysis', {
        pipelineId,
        'engagement_timestamp.gte': shiftDays(today, -90),
        'engagement_timestamp.lte': today,
      }),
  },
  {
    id: 'objections-handling',
    title: 'Objection handling per rep and type: one pipeline',
    targets: REPORT_TARGETS,
    request: ({ pipelineId }) => objectionsPath('analysis/handling-stats', { pipelineId }),
  },
  {
    id: 'objections-list',
    title: 'Objections: one pipeline, newest first, 30 per page (the drill-down)',
    targets: REPORT_TARGETS,
    request: ({ pipelineId }) => objectionsPath('analysis', { pipelineId }),
  },
  {
    id: 'objections-best-answers',
    title: 'Objections handled best: one pipeline, handled, by handling score',
    targets: REPORT_TARGETS,
    request: ({ pipelineId }) =>
      objectionsPath('analysis', {
        pipelineId,
        'handled.eq': 'true',
        order_by: 'handling_score',
        page_size: '10',
      }),
  },
  {
    id: 'pipeline-activity-30d',
    title: 'Recent activity: one pipeline, the last 30 days, first page of 30 deals',
    targets: SUMMARY_TARGETS,
    request: ({ pipelineId, today }) =>
      get(`/v1/pipelines/${pipelineId}/activity`, {
        pipeline_id: pipelineId,
        start_date: shiftDays(today, -30),
        end_date: today,
      }),
  },
  {
    id: 'activity-health',
    title: 'Activity health: one pipeline’s open deals by staleness, per stage',
    targets: SUMMARY_TARGETS,
    request: ({ pipelineId }) => get(`/v1/pipelines/${pipelineId}/activity-health-stats`),
  },
  {
    id: 'stage-history-bulk',
    title: 'Stage history of the 100 deals of a board page (one POST)',
    targets: DEAL_LIST_TARGETS,
    request: ({ pipelineId, pageDealIds }) => ({
      method: 'POST',
      path: `/v1/deals/stage-history/bulk-get?pipeline_id=${pipelineId}`,
      body: pageDealIds,
    }),
  },
  {
    id: 'deal',
    title: 'Deal screen: one deal with its stage, owner and assessment',
    targets: SUMMARY_TARGETS,
    request: ({ dealId }) => get(`/v1/deals/${dealId}`),
  },
  {
    id: 'deal-analysis',
    title: 'Deal screen: one deal’s analysis (actions, objections, solution fit)',
    targets: SUMMARY_TARGETS,
    request: ({ dealId }) => get(`/v1/deals/${dealId}/analysis`),
  },
  {
    id: 'deal-activity',
    title: 'Deal screen: one deal’s activity and stage history',
    targets: SUMMARY_TARGETS,
    request: ({ dealId }) => get(`/v1/deals/${dealId}/activity`),
  },
  {
    id: 'deal-contacts',
    title: 'Deal screen: one deal’s contacts',
    targets: SUMMARY_TARGETS,
    request: ({ dealId }) => get(`/v1/deals/${dealId}/contacts`),
  },
  {
    id: 'deal-engagements',
    title: 'Deal screen: one deal’s engagements (calls and e-mails), newest first',
    targets: DEAL_LIST_TARGETS,
    request: ({ dealId }) => get(`/v1/deals/${dealId}/engagements`),
  },
  {
    id: 'engagement',
    title: 'One engagement with its transcript and the findings in it',
    targets: SUMMARY_TARGETS,
    request: ({ engagementId, engagementType }) =>
      get(`/v1/engagements/${engagementId}`, { engagement_type: engagementType }),
  },
  {
    id: 'pipelines-list',
    title: 'Pipelines with their stages and actions (the pipeline picker)',
    targets: DEAL_LIST_TARGETS,
    request: () => get('/v1/pipelines', { page: '1', page_size: '100' }),
  },
  {
    id: 'objection-types',
    title: 'Objection types, 30 per page',
    targets: DEAL_LIST_TARGETS,
    request: () => get('/v1/objections/types', { page: '1', page_size: '30' }),
  },
  {
    id: 'objection-type-objections',
    title: 'Objections of the busiest type, newest first, 30 per page',
    targets: DEAL_LIST_TARGETS,
    request: ({ objectionTypeId }) =>
      get(`/v1/objections/types/${objectionTypeId}/objections`, { page: '1', page_size: '30' }),
  },
  {
    id: 'graphql-deals',
    title: 'GraphQL: a pipeline’s deals, 100 per page, with stage and owner',
    targets: DEAL_LIST_TARGETS,
    request: ({ pipelineId }) => graphql(GRAPHQL_DEALS, { pipelineId }),
  },
  {
    id: 'graphql-solution-fit',
    title: 'GraphQL: one deal’s solution fit with its evidence',
    targets: SUMMARY_TARGETS,
    request: ({ dealId }) => graphql(GRAPHQL_SOLUTION_FIT, { id: dealId }),
  },
]

/** DESIGN §7: mixed traffic (90 % lists) ≥ 300 req/s at 50 connections with p95 < 50 ms. */
export const MIXED_TARGETS = { requestsPerSecond: 300, p95UnderLoadMs: 50 }

/**
 * One round of the mixed traffic, by scenario id: each connection sends these in turn, so 18 of
 * every 20 requests are lists (the board, filters, searches, orders, a deal's engagements, stage
 * histories, GraphQL) and two are a report and a summary.
 */
export const MIXED_ROUND: readonly string[] = [
  'deals-list',
  'deals-filters',
  'deals-search-name',
  'deals-order-amount',
  'deals-list',
  'deal-engagements',
  'stage-history-bulk',
  'deals-order-confidence',
  'deals-list',
  'stats-actions',
  'deals-filters',
  'deals-search-account',
  'deals-list',
  'objection-type-objections',
  'graphql-deals',
  'deals-list',
  'deals-deep-page',
  'deals-order-amount',
  'deals-list',
  'activity-health',
]

/** How many of the round's requests are lists (the scenarios held to the lists' bar). */
export function listsInRound(round: readonly string[]): number {
  const lists = new Set(
    BENCH_SCENARIOS.filter((scenario) => scenario.targets === DEAL_LIST_TARGETS).map(
      (scenario) => scenario.id,
    ),
  )
  return round.filter((id) => lists.has(id)).length
}
