import {
  latestOnboardingFormResponseSchema,
  onboardingChecklistPatchSchema,
  onboardingChecklistSchema,
  onboardingFormBodySchema,
  onboardingFormSchema,
} from '@dealcoach/contracts/onboarding'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/error-responses.js'
import { requireUser } from '../../lib/caller.js'
import {
  toLatestOnboardingFormBody,
  toOnboardingChecklistBody,
  toOnboardingFormBody,
} from './onboarding.mappers.js'
import type { OnboardingService } from './onboarding.service.js'
import { BEARER_AUTH } from '../../plugins/openapi.js'

/** The onboarding questionnaire (spec §3, §5) and checklist of the caller's organisation. */
export const onboardingRoutes: FastifyPluginAsyncZod<{ onboarding: OnboardingService }> = async (
  app,
  { onboarding },
) => {
  app.post(
    '/v1/forms/client_onboarding',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['onboarding'],
        summary: 'Submit the onboarding questionnaire; only the answers sent are stored (admins)',
        security: BEARER_AUTH,
        body: onboardingFormBodySchema,
        response: { 201: onboardingFormSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const form = await onboarding.submitForm(requireUser(request), request.body)
      return reply.status(201).send(toOnboardingFormBody(form))
    },
  )

  app.get(
    '/v1/forms/client_onboarding',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['onboarding'],
        summary: 'The latest onboarding questionnaire submission, or null',
        security: BEARER_AUTH,
        response: { 200: latestOnboardingFormResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) =>
      toLatestOnboardingFormBody(await onboarding.latestForm(requireUser(request))),
  )

  app.get(
    '/v1/app-setting/onboarding_checklist',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['onboarding'],
        summary: 'The onboarding checklist: each step computed from your data or ticked by hand',
        security: BEARER_AUTH,
        response: { 200: onboardingChecklistSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => toOnboardingChecklistBody(await onboarding.checklist(requireUser(request))),
  )

  app.patch(
    '/v1/app-setting/onboarding_checklist',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['onboarding'],
        summary: 'Tick or untick onboarding steps by hand (admins)',
        security: BEARER_AUTH,
        body: onboardingChecklistPatchSchema,
        response: { 200: onboardingChecklistSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      toOnboardingChecklistBody(
        await onboarding.updateChecklist(requireUser(request), request.body),
      ),
  )
}
