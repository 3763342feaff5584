import { handleJobs, type RegisteredJob } from '../../jobs/queue-definition.js'
import type { AuthCleanupService } from './auth-cleanup.service.js'
import { AUTH_CLEANUP_QUEUE } from './auth.queues.js'

export function authJobs(cleanup: AuthCleanupService): RegisteredJob[] {
  return [handleJobs(AUTH_CLEANUP_QUEUE, () => cleanup.purgeExpired())]
}
