import type { FastifyBaseLogger } from 'fastify'
import type { PgBoss } from 'pg-boss'
import type { AppConfig } from './config.js'
import type { Database } from './db/client.js'
import { createJobQueue } from './jobs/job-queue.js'
import { createAnalysisInputs } from './modules/analysis/analysis-inputs.js'
import { createAnalysisProvider, readEngineVersion } from './modules/analysis/analysis-provider.js'
import { createAnalysisRequestsService } from './modules/analysis/analysis-requests.service.js'
import { createAnalysisService } from './modules/analysis/analysis.service.js'
import { createCalendarReanalysisService } from './modules/analysis/calendar-reanalysis.service.js'
import { createDealAnalysisService } from './modules/analysis/deal-analysis.service.js'
import { createAuthCleanupService } from './modules/auth/auth-cleanup.service.js'
import { createAccountService } from './modules/auth/account.service.js'
import { createIdTokenVerifier } from './modules/auth/id-token-verifier.js'
import { createPasswordChangeService } from './modules/auth/password-change.service.js'
import { createPasswordResetService } from './modules/auth/password-reset.service.js'
import { createRegistrationService } from './modules/auth/registration.service.js'
import { createSessionService } from './modules/auth/session.service.js'
import { createLiveSessions } from './modules/auth/live-sessions.js'
import { createSocialSignInService } from './modules/auth/social-sign-in.service.js'
import { createCrmService } from './modules/crm/crm.service.js'
import { createCredentialsCipher } from './modules/crm/credentials-cipher.js'
import { createHubspotProvider } from './modules/crm/hubspot-provider.js'
import { createDealImportsService } from './modules/deals/deal-imports.service.js'
import { createDealActivityService } from './modules/deals/deal-activity.service.js'
import { createDealListService } from './modules/deals/deal-list.service.js'
import { createDealStagesService } from './modules/deals/deal-stages.service.js'
import { createDealStatsService } from './modules/deals/deal-stats.service.js'
import { createDealsService, type DealReanalysis } from './modules/deals/deals.service.js'
import { createEngagementsService } from './modules/engagements/engagements.service.js'
import { createImportsService } from './modules/imports/imports.service.js'
import { createMailTransport } from './modules/mail/mail-transport.js'
import { createMailService } from './modules/mail/mail.service.js'
import { createObjectionAnalysisService } from './modules/objections/objection-analysis.service.js'
import { createObjectionFeedbackService } from './modules/objections/objection-feedback.service.js'
import { createObjectionTypesService } from './modules/objections/objection-types.service.js'
import { createOnboardingService } from './modules/onboarding/onboarding.service.js'
import { createOrganisationProductService } from './modules/organisations/organisation-product.service.js'
import { createOrganisationsService } from './modules/organisations/organisations.service.js'
import { createPipelinesService } from './modules/pipelines/pipelines.service.js'
import { createUsersService } from './modules/users/users.service.js'

export interface ServiceDeps {
  config: AppConfig
  db: Database
  boss: PgBoss
  log: FastifyBaseLogger
}

/** The one place services are wired (DESIGN §3): the server and the worker both use it. */
export function createServices({ config, db, boss, log }: ServiceDeps) {
  const jobs = createJobQueue(boss)
  const mail = createMailService({
    db,
    jobs,
    transport: createMailTransport(config.smtpUrl, log),
    from: config.mailFrom,
  })
  // Deals, analysis requests and engagements ask each other in a circle, so each reaches the
  // ones built after it through a function called only once all are built.
  const dealReanalysis: DealReanalysis = {
    requestForDealChange: (tx, deal) => analysisRequests.requestForDealChange(tx, deal),
  }
  const deals = createDealsService({ db, analysis: dealReanalysis })
  const analysisRequests = createAnalysisRequestsService({
    db,
    jobs,
    pipelineOfDeal: async (tx, organisationId, dealId) =>
      (await deals.get(tx, organisationId, dealId)).pipelineId,
    hasEvidence: (tx, organisationId, dealId) => engagements.hasAny(tx, organisationId, dealId),
  })
  const pipelines = createPipelinesService({ db, deals, analysis: analysisRequests })
  const objectionTypes = createObjectionTypesService({ db, analysis: analysisRequests })
  const objectionFeedback = createObjectionFeedbackService({ db, analysis: analysisRequests })
  const organisations = createOrganisationsService({ db, pipelines, objectionTypes })
  const liveSessions = createLiveSessions({ db })
  const sessions = createSessionService({ db, config, log, liveSessions })
  const accounts = createAccountService({ db, organisations })
  const auth = {
    sessions,
    liveSessions,
    registration: createRegistrationService({ db, config, mail, accounts, sessions, log }),
    socialSignIn: createSocialSignInService({
      db,
      config,
      idTokens: createIdTokenVerifier(config.socialProviders),
      accounts,
      sessions,
      mail,
      log,
    }),
    passwordChange: createPasswordChangeService({ db, config, mail, log, liveSessions }),
    passwordReset: createPasswordResetService({ db, config, mail, log, liveSessions }),
  }
  const users = createUsersService({ db })
  const engagements = createEngagementsService({ db, deals, users, analysisRequests })
  const dealImports = createDealImportsService({ analysis: dealReanalysis })
  const imports = createImportsService({
    db,
    driver: config.database.kind,
    jobs,
    writers: {
      lookups: (tx, organisationId) => dealImports.lookups(tx, organisationId),
      dealIdsByReferences: (tx, organisationId, references) =>
        dealImports.dealIdsByReferences(tx, organisationId, references),
      importDeals: (tx, organisationId, records, options) =>
        dealImports.importDeals(tx, organisationId, records, options),
      importContacts: (tx, organisationId, records, options) =>
        dealImports.importContacts(tx, organisationId, records, options),
      importEngagements: (tx, organisationId, records, options) =>
        engagements.importMany(tx, organisationId, records, options),
    },
  })
  const product = createOrganisationProductService({ db, analysis: analysisRequests })
  const analysisInputs = createAnalysisInputs({
    deals,
    engagements,
    pipelines,
    objectionTypes,
    objectionFeedback,
    product,
  })
  const crm = createCrmService({
    db,
    providers: [createHubspotProvider(config.crm.hubspot)],
    jobs,
    cipher: createCredentialsCipher(config.crm.encryptionKey),
    writers: {
      lookups: (tx, organisationId) => dealImports.lookups(tx, organisationId),
      syncPipelines: (tx, organisationId, remote) =>
        pipelines.syncRemote(tx, organisationId, remote, 'HubSpot'),
      importDeals: (tx, organisationId, records, options) =>
        dealImports.importDeals(tx, organisationId, records, options),
      importContacts: (tx, organisationId, records, options) =>
        dealImports.importContacts(tx, organisationId, records, options),
      dealIdsByRemoteIds: (tx, organisationId, ids) =>
        dealImports.dealIdsByRemoteIds(tx, organisationId, ids),
      contactIdsByRemoteIds: (tx, organisationId, ids) =>
        dealImports.contactIdsByRemoteIds(tx, organisationId, ids),
      linkContacts: (tx, organisationId, links) =>
        dealImports.linkContacts(tx, organisationId, links),
      importEngagements: (tx, organisationId, records, options) =>
        engagements.importMany(tx, organisationId, records, options),
    },
  })
  const analysis = createAnalysisService({
    db,
    inputs: analysisInputs,
    requests: analysisRequests,
    deals,
    corrections: objectionFeedback,
  })
  return {
    jobs,
    mail,
    analysisRequests,
    analysis,
    dealAnalysis: createDealAnalysisService({
      db,
      inputs: analysisInputs,
      deals,
      provider: createAnalysisProvider(config.analysis, log),
      engineVersion: readEngineVersion(),
      feedback: objectionFeedback,
    }),
    auth,
    calendarReanalysis: createCalendarReanalysisService({
      db,
      requests: analysisRequests,
      organisationIds: () => organisations.ids(),
    }),
    authCleanup: createAuthCleanupService({ db }),
    users,
    deals,
    // Deal reads that need the engagements, analysis or pipelines modules, built on top of them.
    dealList: createDealListService({ deals, assessments: analysis }),
    dealActivity: createDealActivityService({ db, deals, engagements, analysis, pipelines }),
    dealStages: createDealStagesService({ db, pipelines }),
    dealStats: createDealStatsService({ db }),
    objectionAnalysis: createObjectionAnalysisService({ db }),
    engagements,
    pipelines,
    organisations,
    product,
    objectionTypes,
    objectionFeedback,
    onboarding: createOnboardingService({
      db,
      product,
      pipelines,
      objectionTypes,
      crm,
      deals,
      imports,
      users,
    }),
    crm,
    imports,
  }
}

export type Services = ReturnType<typeof createServices>
