import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setAccessToken } from '@/lib/access-token'
import { createQueryClient } from '@/lib/query-client'
import { seedDealsArea, signInAs } from '@/test-support/deals-area-setup'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { dealQueryOptions } from './deals-api'

beforeEach(() => {
  seedDealsArea()
  signInAs('admin')
})

afterEach(() => setAccessToken(null))

describe('dealQueryOptions with the app’s query client', () => {
  it.each([
    ['not there (404)', '00000000-0000-4000-8000-000000000000', 404],
    ['not an id at all (400)', 'not-a-deal', 400],
  ])('asks once for a deal that is %s', async (_case, dealId, status) => {
    await expect(createQueryClient().fetchQuery(dealQueryOptions(dealId))).rejects.toMatchObject({
      status,
    })
    const asked = fakeApi
      .requests()
      .filter((request) => request.url.startsWith(`/v1/deals/${dealId}?`))
    expect(asked).toHaveLength(1)
  })
})
