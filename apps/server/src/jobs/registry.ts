import { analysisJobs } from '../modules/analysis/analysis.jobs.js'
import { authJobs } from '../modules/auth/auth.jobs.js'
import { crmJobs } from '../modules/crm/crm.jobs.js'
import { importsJobs } from '../modules/imports/imports.jobs.js'
import { mailJobs } from '../modules/mail/mail.jobs.js'
import type { Services } from '../services.js'
import type { RegisteredJob } from './queue-definition.js'

/** Every queue with the service call that runs its jobs; each module's *.jobs.ts lists its own. */
export function jobRegistry(services: Services): RegisteredJob[] {
  return [
    ...mailJobs(services.mail),
    ...authJobs(services.authCleanup),
    ...analysisJobs(services.dealAnalysis, services.calendarReanalysis),
    ...importsJobs(services.imports),
    ...crmJobs(services.crm),
  ]
}
