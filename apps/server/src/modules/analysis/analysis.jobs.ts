import { handleJobs, type RegisteredJob } from '../../jobs/queue-definition.js'
import { ANALYSE_DEAL_QUEUE } from './analysis.queues.js'
import type { DealAnalysisService } from './deal-analysis.service.js'

export function analysisJobs(analysis: DealAnalysisService): RegisteredJob[] {
  return [
    handleJobs(ANALYSE_DEAL_QUEUE, (payload, job) =>
      analysis.run(payload, { finalAttempt: job.finalAttempt }),
    ),
  ]
}
