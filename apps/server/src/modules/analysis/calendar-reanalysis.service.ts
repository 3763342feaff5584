import type { ConfidenceFactor, RiskWarning } from '@dealcoach/contracts/intelligence'
import { redateConfidence } from '@dealcoach/intelligence/confidence/redate-confidence'
import type { Database } from '../../db/client.js'
import type { AnalysisRequestsService } from './analysis-requests.service.js'
import { currentConfidencePage, type StoredConfidence } from './analysis.repository.js'

// Assessments read per query: a page of jsonb rows, small beside the day's work.
const PAGE_SIZE = 500

export interface CalendarReanalysisDeps {
  db: Database
  requests: AnalysisRequestsService
  /** Every organisation's id (the organisations module's answer, joined in services.ts). */
  organisationIds: () => Promise<string[]>
  /** The clock; tests move it. */
  now?: () => Date
}

/** What one pass did: the deals it read and those it queued for analysis. */
export interface CalendarPass {
  read: number
  queued: number
}

/**
 * A deal's confidence counts days: since its last activity, and in its stage. Nothing is said
 * while an open deal goes quiet, so no upload or edit analyses it again; once a day this pass
 * reads every current assessment as of today (the engine's redateConfidence) and analyses again,
 * in the background, the deals whose score or warnings the calendar has moved. The day counts
 * alone the app reads from the day they run from, so most days most deals need nothing.
 */
export function createCalendarReanalysisService(deps: CalendarReanalysisDeps) {
  const { db, requests } = deps
  const now = deps.now ?? (() => new Date())

  function movedByCalendar(row: StoredConfidence, asOf: number): boolean {
    if (row.confidence === null) return false
    const stored = {
      score: row.confidence,
      factors: row.confidenceFactors as ConfidenceFactor[],
      risks: row.riskWarnings as RiskWarning[],
    }
    return redateConfidence(stored, asOf) !== null
  }

  async function passOrganisation(organisationId: string, asOf: number): Promise<CalendarPass> {
    const pass: CalendarPass = { read: 0, queued: 0 }
    let after: string | null = null
    for (;;) {
      const page = await currentConfidencePage(db, organisationId, after, PAGE_SIZE)
      const moved = page.filter((row) => movedByCalendar(row, asOf))
      if (moved.length > 0) {
        await db.transaction(async (tx) => {
          for (const { dealId } of moved) {
            await requests.request(tx, {
              organisationId,
              dealId,
              trigger: 'calendar',
              background: true,
            })
          }
        })
      }
      pass.read += page.length
      pass.queued += moved.length
      const last = page[page.length - 1]
      if (!last || page.length < PAGE_SIZE) return pass
      after = last.dealId
    }
  }

  return {
    /** Reads every organisation's current assessments as of now; see above. */
    async run(): Promise<CalendarPass> {
      const asOf = now().getTime()
      const total: CalendarPass = { read: 0, queued: 0 }
      for (const organisationId of await deps.organisationIds()) {
        const pass = await passOrganisation(organisationId, asOf)
        total.read += pass.read
        total.queued += pass.queued
      }
      return total
    },
  }
}

export type CalendarReanalysisService = ReturnType<typeof createCalendarReanalysisService>
