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
  /** The request path with its query string. */
  path(context: BenchContext): string
}

/** DESIGN §7: deal list and search p95 ≤ 10 ms for one client, ≥ 800 req/s at 50 connections. */
export const DEAL_LIST_TARGETS: BenchTargets = { p95Ms: 10, requestsPerSecond: 800, ratio: 1.5 }

/** DESIGN §7: reports p95 ≤ 100 ms for one client, served from rollups. */
export const REPORT_TARGETS: BenchTargets = { p95Ms: 100, ratio: 1.5 }

function statsPath(call: string, query: Record<string, string>): string {
  return `/v1/deals/${call}?${new URLSearchParams(query).toString()}`
}

function objectionsPath(call: string, query: Record<string, string>): string {
  return `/v1/objections/${call}?${new URLSearchParams(query).toString()}`
}

function dealsPath(query: Record<string, string>): string {
  return `/v1/deals?${new URLSearchParams(query).toString()}`
}

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
    path: ({ pipelineId }) => dealsPath({ pipelineId, perPage: '100' }),
  },
  {
    id: 'deals-filters',
    title: 'Deal list filtered: two stages, one owner, close date ±30 days, open',
    targets: DEAL_LIST_TARGETS,
    path: ({ pipelineId, ownerId, ownerStageIds, today }) =>
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
    path: ({ pipelineId }) => dealsPath({ pipelineId, searchQuery: 'deal 4711', perPage: '100' }),
  },
  {
    id: 'deals-search-account',
    title: 'Search an account name fragment ("account 42", ~2,200 matches)',
    targets: DEAL_LIST_TARGETS,
    path: ({ pipelineId }) => dealsPath({ pipelineId, searchQuery: 'account 42', perPage: '100' }),
  },
  {
    id: 'deals-order-amount',
    title: 'Deal list ordered by amount, largest first',
    targets: DEAL_LIST_TARGETS,
    path: ({ pipelineId }) => dealsPath({ pipelineId, orderBy: '-amount', perPage: '100' }),
  },
  {
    id: 'deals-order-confidence',
    title: 'Deal list ordered by confidence, highest first',
    targets: DEAL_LIST_TARGETS,
    path: ({ pipelineId }) => dealsPath({ pipelineId, orderBy: '-confidence', perPage: '100' }),
  },
  {
    id: 'deals-deep-page',
    title: 'Deal list, page 500 of 1,000 (offset 49,900)',
    targets: DEAL_LIST_TARGETS,
    path: ({ pipelineId }) => dealsPath({ pipelineId, perPage: '100', page: '500' }),
  },
  {
    id: 'stats-actions',
    title: 'Action stats: playbook adherence of one pipeline (the dashboard)',
    targets: REPORT_TARGETS,
    path: ({ pipelineId }) => statsPath('action-stats', { pipelineId }),
  },
  {
    id: 'stats-actions-filtered',
    title: 'Action stats filtered: two stages, one owner, open',
    targets: REPORT_TARGETS,
    path: ({ pipelineId, ownerId, ownerStageIds }) =>
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
    path: ({ pipelineId, today }) =>
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
    path: ({ pipelineId, today }) =>
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
    path: ({ pipelineId }) => statsPath('confidence-stats', { pipelineId }),
  },
  {
    id: 'stats-confidence-period',
    title: 'Confidence: one pipeline, deals closing in a 6-month period (the dashboard)',
    targets: REPORT_TARGETS,
    path: ({ pipelineId, today }) =>
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
    path: ({ pipelineId }) => objectionsPath('common-objections-analysis', { pipelineId }),
  },
  {
    id: 'objections-common-period',
    title: 'Common objections: one pipeline, objections raised in the last 90 days',
    targets: REPORT_TARGETS,
    path: ({ pipelineId, today }) =>
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
    path: ({ pipelineId }) => objectionsPath('analysis/handling-stats', { pipelineId }),
  },
  {
    id: 'objections-list',
    title: 'Objections: one pipeline, newest first, 30 per page (the drill-down)',
    targets: REPORT_TARGETS,
    path: ({ pipelineId }) => objectionsPath('analysis', { pipelineId }),
  },
  {
    id: 'objections-best-answers',
    title: 'Objections handled best: one pipeline, handled, by handling score',
    targets: REPORT_TARGETS,
    path: ({ pipelineId }) =>
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
    // DESIGN §7: summaries (per stage, recent activity) p95 ≤ 20 ms.
    targets: { p95Ms: 20, ratio: 1.5 },
    path: ({ pipelineId, today }) =>
      `/v1/pipelines/${pipelineId}/activity?${new URLSearchParams({
        pipeline_id: pipelineId,
        start_date: shiftDays(today, -30),
        end_date: today,
      }).toString()}`,
  },
]
