import { handleJobs, type RegisteredJob } from '../../jobs/queue-definition.js'
import { ANALYSE_DEAL_QUEUE, CALENDAR_REANALYSIS_QUEUE } from './analysis.queues.js'
import type { CalendarReanalysisService } from './calendar-reanalysis.service.js'
import type { DealAnalysisService } from './deal-analysis.service.js'

export function analysisJobs(
  analysis: DealAnalysisService,
  calendar: CalendarReanalysisService,
): RegisteredJob[] {
  return [
    handleJobs(ANALYSE_DEAL_QUEUE, (payload, job) =>
      analysis.run(payload, { finalAttempt: job.finalAttempt }),
    ),
    handleJobs(CALENDAR_REANALYSIS_QUEUE, async () => {
      await calendar.run()
    }),
  ]
}
