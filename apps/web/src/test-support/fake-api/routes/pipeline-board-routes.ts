import { dealOwnersQuerySchema, dealOwnersResponseSchema } from '@dealcoach/contracts/users'
import { answer, page, route } from '../fake-route'

// What the pipeline overview's filters read besides the deals: the people who can own a deal.

export const pipelineBoardRoutes = [
  route('GET', '/v1/users/deal-owners', {
    query: dealOwnersQuerySchema,
    answers: { 200: dealOwnersResponseSchema },
    handle: ({ query }, state) => {
      const owners = [...state.users]
        .sort(
          (a, b) =>
            a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name),
        )
        .map(({ id, first_name, last_name, email }) => ({ id, first_name, last_name, email }))
      return answer(200, page(owners, query.page, query.per_page))
    },
  }),
]
