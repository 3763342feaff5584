import '@/test-support/dom-polyfills'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setAccessToken } from '@/lib/access-token'
import { fakeAccessToken } from '@/test-support/fake-api/fake-access-token'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import {
  meFixture,
  ORGANISATION_ID,
  teamMemberOf,
} from '@/test-support/fake-api/fixtures/user-fixtures'
import { initialDealsArea } from '@/test-support/fake-api/routes/deals-routes'
import { renderWithQuery } from '@/test-support/render-with-query'
import { AnalysisProgressBanner } from './analysis-progress-banner'

const POLL_WAIT = { timeout: 4000 }

beforeEach(() => {
  setAccessToken(fakeAccessToken({ ...teamMemberOf(meFixture()), role: 'member' }, ORGANISATION_ID))
})

afterEach(() => setAccessToken(null))

describe('AnalysisProgressBanner', () => {
  it('shows the background analyses’ progress, polls while some are pending, then hides', async () => {
    fakeApi.seed({
      dealsArea: {
        ...initialDealsArea(),
        progress: { pending: 2, done: 1, failed: 0, total: 3, reason: 'engagement' },
      },
    })
    renderWithQuery(<AnalysisProgressBanner />)

    expect(await screen.findByText('Analysing deals in the background: 1 of 3')).toBeInTheDocument()
    const bar = screen.getByRole('progressbar', { name: 'Analysis progress' })
    expect(bar).toHaveAttribute('aria-valuenow', '1')
    expect(bar).toHaveAttribute('aria-valuemin', '0')
    expect(bar).toHaveAttribute('aria-valuemax', '3')

    // The fake finishes one run per read: the next poll shows 2 of 3, the one after nothing.
    expect(
      await screen.findByText('Analysing deals in the background: 2 of 3', {}, POLL_WAIT),
    ).toBeInTheDocument()
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2')
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument(), POLL_WAIT)
    expect(fakeApi.state.dealsArea.progressReads).toBe(3)
  }, 12_000)

  it('shows nothing and stops asking when nothing is pending', async () => {
    fakeApi.seed({ dealsArea: initialDealsArea() })
    renderWithQuery(<AnalysisProgressBanner />)

    await waitFor(() => expect(fakeApi.state.dealsArea.progressReads).toBe(1))
    await new Promise((resolve) => setTimeout(resolve, 2500))
    expect(fakeApi.state.dealsArea.progressReads).toBe(1)
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})
