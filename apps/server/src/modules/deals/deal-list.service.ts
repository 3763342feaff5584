import type { DealInclude } from '@dealcoach/contracts/deals'
import type { AuthUser } from '../../lib/caller.js'
import type { PageOf } from '../../lib/pagination.js'
import type {
  DealAssessmentSummaryRow,
  DealListQuery,
  DealsService,
  DealWithIncludes,
} from './deals.service.js'
import type { ListedDealRow } from './deal-list.repository.js'

/** What the deal list asks of the analysis module: each deal's current assessment. */
export interface DealListAssessments {
  currentAssessments(
    caller: AuthUser,
    dealIds: readonly string[],
  ): Promise<
    {
      dealId: string
      solutionFit: { tier: number } | null
      confidence: number | null
      computedAt: Date
    }[]
  >
}

export interface DealListDeps {
  deals: DealsService
  assessments: DealListAssessments
}

/**
 * The deal reads that can embed the current assessment (`includes=assessment`). The deals service
 * cannot ask the analysis module itself: that module is built on top of it (services.ts).
 */
export function createDealListService({ deals, assessments }: DealListDeps) {
  async function withAssessments<Deal extends DealWithIncludes['deal'] | ListedDealRow>(
    caller: AuthUser,
    rows: DealWithIncludes<Deal>[],
    includes: readonly DealInclude[],
  ): Promise<DealWithIncludes<Deal>[]> {
    if (!includes.includes('assessment') || rows.length === 0) return rows
    const found = await assessments.currentAssessments(
      caller,
      rows.map((row) => row.deal.id),
    )
    const byDeal = new Map(
      found.map((assessment): [string, DealAssessmentSummaryRow] => [
        assessment.dealId,
        {
          confidence: assessment.confidence,
          solutionFitTier: assessment.solutionFit?.tier ?? null,
          computedAt: assessment.computedAt,
        },
      ]),
    )
    return rows.map((row) => ({ ...row, assessment: byDeal.get(row.deal.id) ?? null }))
  }

  return {
    /** A page of the caller's organisation's deals with the asked-for related records. */
    async list(
      caller: AuthUser,
      query: DealListQuery,
    ): Promise<PageOf<DealWithIncludes<ListedDealRow>>> {
      const page = await deals.list(caller, query)
      return { rows: await withAssessments(caller, page.rows, query.includes), total: page.total }
    },

    /** One deal with the asked-for related records. */
    async read(
      caller: AuthUser,
      dealId: string,
      includes: readonly DealInclude[],
    ): Promise<DealWithIncludes> {
      const [deal] = await withAssessments(
        caller,
        [await deals.read(caller, dealId, includes)],
        includes,
      )
      if (!deal) throw new Error('the deal was read but not answered')
      return deal
    },
  }
}

export type DealListService = ReturnType<typeof createDealListService>
