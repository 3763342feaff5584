import { handleJobs, type RegisteredJob } from '../../jobs/queue-definition.js'
import { CRM_SYNC_DUE_QUEUE, CRM_SYNC_QUEUE } from './crm.queues.js'
import type { CrmService } from './crm.service.js'

export function crmJobs(crm: CrmService): RegisteredJob[] {
  return [
    handleJobs(CRM_SYNC_QUEUE, (payload, job) => crm.runSync(payload, job)),
    handleJobs(CRM_SYNC_DUE_QUEUE, () => crm.enqueueDueSyncs()),
  ]
}
