import { healthResponseSchema } from '@dealcoach/contracts/health'
import {
  organisationSchema,
  productProfileBodySchema,
  productProfileSchema,
  updateOrganisationBodySchema,
} from '@dealcoach/contracts/organisation'
import { salesFrameworksResponseSchema } from '@dealcoach/contracts/sales-frameworks'
import { answer, route } from '../fake-route'
import { refuseMember } from './refuse-member'

/** The organisation's settings around the deals: product, frameworks, and the health check. */
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
]
