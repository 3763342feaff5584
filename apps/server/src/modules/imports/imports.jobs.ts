import { handleJobs, type RegisteredJob } from '../../jobs/queue-definition.js'
import { COMMIT_IMPORT_QUEUE, VALIDATE_IMPORT_QUEUE } from './imports.queues.js'
import type { ImportsService } from './imports.service.js'

export function importsJobs(imports: ImportsService): RegisteredJob[] {
  return [
    handleJobs(VALIDATE_IMPORT_QUEUE, (payload, job) => imports.runValidation(payload, job)),
    handleJobs(COMMIT_IMPORT_QUEUE, (payload, job) => imports.runCommit(payload, job)),
  ]
}
