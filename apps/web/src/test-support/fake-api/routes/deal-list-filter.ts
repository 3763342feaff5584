import type { Deal } from '@/entities/deal/api/types'

// GET /v1/deals's filters and order as the server reads them (spec §7, DESIGN §5), in both
// spellings, over the fake's deals: what the pipeline overview's board and table ask for.

const DAY_MS = 24 * 60 * 60 * 1000

const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

function staleness(deal: Deal, now: number) {
  if (!deal.last_activity_at) return 'stale'
  const elapsed = now - Date.parse(deal.last_activity_at)
  if (elapsed <= 7 * DAY_MS) return 'active'
  return elapsed <= 21 * DAY_MS ? 'cooling' : 'stale'
}

export function filterDeals(deals: readonly Deal[], q: Record<string, string>): Deal[] {
  const pipelineId = q['pipeline_id.eq'] ?? q.pipelineId
  const stages = listOf(q['stage_id.in'] ?? q.stageIds)
  const ownerId = q['owner_id.eq'] ?? q.ownerId
  const statuses = listOf(q['status.in'] ?? q.statuses)
  const levels = listOf(q['staleness.in'])
  const from = q['close_date.gte'] ?? q.closeDateGte
  const to = q['close_date.lte'] ?? q.closeDateLte
  const search = (q['name.ilike'] ?? q.searchQuery ?? '').toLowerCase()
  const now = Date.now()
  return deals.filter(
    (deal) =>
      (!pipelineId || deal.pipeline_id === pipelineId) &&
      (stages.length === 0 || stages.includes(deal.stage_id)) &&
      (!ownerId || deal.owner_id === ownerId) &&
      (statuses.length === 0 || statuses.includes(deal.status)) &&
      (levels.length === 0 || levels.includes(staleness(deal, now))) &&
      (!from || (deal.close_date !== null && deal.close_date >= from)) &&
      (!to || (deal.close_date !== null && deal.close_date <= to)) &&
      (deal.name.toLowerCase().includes(search) ||
        (deal.account_name ?? '').toLowerCase().includes(search)),
  )
}

type Sortable = 'name' | 'amount' | 'close_date' | 'last_activity_at' | 'confidence' | 'created_at'

/** Ascending, nulls last. */
function compare(left: string | number | null, right: string | number | null): number {
  if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1
  return left < right ? -1 : left > right ? 1 : 0
}

/**
 * `orderBy=-amount`: nulls last either way, as the server sorts; amounts grouped by currency
 * first (A to Z, none last, either way: ADR 0037).
 */
export function orderDeals(deals: Deal[], q: Record<string, string>): Deal[] {
  const order = q.orderBy ?? q.order_by
  if (!order) return deals
  const descending = order.startsWith('-') || q.direction === 'desc'
  const field = order.replace(/^-/, '') as Sortable
  return [...deals].sort((a, b) => {
    const grouped = field === 'amount' ? compare(a.currency, b.currency) : 0
    if (grouped !== 0) return grouped
    const left = a[field]
    const right = b[field]
    if (left === null || right === null) return compare(left, right)
    return descending ? -compare(left, right) : compare(left, right)
  })
}
