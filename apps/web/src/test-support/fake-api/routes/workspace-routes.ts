import {
  CRM_PROVIDER_NAMES,
  crmIntegrationStatusSchema,
  crmLinkTokenBodySchema,
  crmLinkTokenResponseSchema,
  crmProviderSchema,
} from '@dealcoach/contracts/crm'
import { healthResponseSchema } from '@dealcoach/contracts/health'
import {
  organisationSchema,
  productProfileBodySchema,
  productProfileSchema,
  updateOrganisationBodySchema,
} from '@dealcoach/contracts/organisation'
import { salesFrameworksResponseSchema } from '@dealcoach/contracts/sales-frameworks'
import { fakeId } from '../fake-id'
import { answer, errorAnswer, route, validationFailed } from '../fake-route'
import { refuseMember } from './refuse-member'

const HOUR_MS = 60 * 60 * 1000

/** The organisation's settings around the deals: product, frameworks, CRM, and the health check. */
export const workspaceRoutes = [
  route('GET', '/health', {
    answers: { 200: healthResponseSchema },
    handle: (_input, state) => answer(200, state.health),
  }),
  route('GET', '/v1/organisation', {
    answers: { 200: organisationSchema },
    handle: (_input, state) => answer(200, state.me.organisation),
  }),
  route('PATCH', '/v1/organisation', {
    body: updateOrganisationBodySchema,
    answers: { 200: organisationSchema },
    handle: ({ body }, state) => {
      const refused = refuseMember(state)
      if (refused) return refused
      // The workspace is the signed-in user's organisation: `me` names it too.
      state.me = { ...state.me, organisation: { ...state.me.organisation, name: body.name } }
      return answer(200, state.me.organisation)
    },
  }),
  route('GET', '/v1/organisation/product', {
    answers: { 200: productProfileSchema },
    handle: (_input, state) => answer(200, state.product),
  }),
  route('PUT', '/v1/organisation/product', {
    body: productProfileBodySchema,
    answers: { 200: productProfileSchema },
    handle: ({ body }, state) => {
      const refused = refuseMember(state)
      if (refused) return refused
      state.product = body
      return answer(200, state.product)
    },
  }),
  route('GET', '/v1/sales-frameworks', {
    answers: { 200: salesFrameworksResponseSchema },
    handle: (_input, state) => answer(200, { models: state.salesFrameworks }),
  }),
  route('GET', '/v1/crm-integrations/status', {
    answers: { 200: crmIntegrationStatusSchema },
    handle: (_input, state) => answer(200, state.crm),
  }),
  route('POST', '/v1/crm-integrations/link-token', {
    body: crmLinkTokenBodySchema,
    answers: { 200: crmLinkTokenResponseSchema },
    handle: ({ body }, state) => {
      const refused = refuseMember(state)
      if (refused) return refused
      const provider = crmProviderSchema.safeParse(body.integration_name.toLowerCase())
      if (!provider.success) {
        return validationFailed([
          { path: 'body.integration_name', message: 'is not a supported CRM' },
        ])
      }
      if (!state.crm.linkable_providers.includes(provider.data)) {
        return errorAnswer(
          501,
          'crm_provider_unavailable',
          `Linking ${CRM_PROVIDER_NAMES[provider.data]} is not available in this installation yet.`,
        )
      }
      return answer(200, {
        link_token: `link-${fakeId()}`,
        expires_at: new Date(Date.now() + HOUR_MS).toISOString(),
      })
    },
  }),
]
