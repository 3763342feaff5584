import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setAccessToken } from '@/lib/access-token'
import { isolate } from '@/lib/bidi'
import { createMediaQueryList } from '@/test-support/dom-polyfills'
import { fakeAccessToken } from '@/test-support/fake-api/fake-access-token'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import {
  DEAL_ID,
  dealFixture,
  solutionFitFixture,
} from '@/test-support/fake-api/fixtures/deal-screen-fixtures'
import { pipelineFixture } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { meFixture, ORGANISATION_ID } from '@/test-support/fake-api/fixtures/user-fixtures'
import { initialDealsArea } from '@/test-support/fake-api/routes/deals-routes'
import { renderWithQuery } from '@/test-support/render-with-query'
import { TIER_COLOUR } from '../lib/solution-fit-colours'
import {
  GAUGE_ANIMATION_DELAY_MS,
  GAUGE_ANIMATION_MS,
  markerDegrees,
  SolutionFitGauge,
} from './solution-fit-gauge'
import { SolutionFitPanel } from './solution-fit-panel'

function reduceMotion(reduce: boolean) {
  window.matchMedia = (query: string) =>
    createMediaQueryList(query, reduce && query.includes('prefers-reduced-motion: reduce'))
}

beforeEach(() => {
  setAccessToken(fakeAccessToken({ ...meFixture(), role: 'admin' }, ORGANISATION_ID))
  fakeApi.seed({
    pipelines: [pipelineFixture()],
    dealsArea: { ...initialDealsArea(), deals: [dealFixture()] },
  })
  reduceMotion(false)
})

afterEach(() => {
  setAccessToken(null)
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('Solution-fit gauge', () => {
  it.each([
    [1, '#15803d'],
    [2, '#2563eb'],
    [3, '#b45309'],
    [4, '#dc2626'],
  ] as const)('shows tier %i in its colour, green to red', (tier, colour) => {
    render(<SolutionFitGauge tier={tier} label={`tier ${tier}`} />)
    const gauge = screen.getByRole('img', { name: `tier ${tier}` })
    const segments = gauge.querySelectorAll('path[data-segment-tier]')
    expect(segments).toHaveLength(4)
    const active = gauge.querySelector(`path[data-segment-tier="${tier}"]`)
    expect(active).toHaveAttribute('stroke', colour)
    expect(active).toHaveAttribute('opacity', '1')
    expect(TIER_COLOUR[tier]).toBe(colour)
  })

  it('points further right the better the fit', () => {
    expect(markerDegrees(4)).toBeLessThan(markerDegrees(3))
    expect(markerDegrees(3)).toBeLessThan(markerDegrees(2))
    expect(markerDegrees(2)).toBeLessThan(markerDegrees(1))
  })

  it('moves the marker for 0.7 s, starting after 100 ms', () => {
    vi.useFakeTimers()
    render(<SolutionFitGauge tier={1} label="gauge" />)
    const marker = screen.getByTestId('solution-fit-marker')
    expect(marker.style.transform).toBe('rotate(0deg)')
    expect(marker.style.transition).toBe(`transform ${GAUGE_ANIMATION_MS}ms ease-out`)
    act(() => void vi.advanceTimersByTime(GAUGE_ANIMATION_DELAY_MS - 1))
    expect(marker.style.transform).toBe('rotate(0deg)')
    act(() => void vi.advanceTimersByTime(1))
    expect(marker.style.transform).toBe(`rotate(${markerDegrees(1)}deg)`)
  })

  it('does not move at all when the user prefers reduced motion', () => {
    reduceMotion(true)
    render(<SolutionFitGauge tier={3} label="gauge" />)
    const marker = screen.getByTestId('solution-fit-marker')
    expect(marker.style.transform).toBe(`rotate(${markerDegrees(3)}deg)`)
    expect(marker.style.transition).toBe('none')
    expect(marker).toHaveAttribute('data-animated', 'false')
  })
})

describe('Solution-fit panel', () => {
  it('shows a skeleton while loading, then the tier, the total of 12 and the four criteria', async () => {
    fakeApi.seed({
      dealScreen: {
        ...fakeApi.state.dealScreen,
        solutionFits: { [DEAL_ID]: solutionFitFixture() },
      },
    })
    const held = fakeApi.holdNext('POST /graphql')
    renderWithQuery(<SolutionFitPanel dealId={DEAL_ID} />)
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the solution fit…')
    held.release()

    expect(
      await screen.findByRole('img', {
        name: 'Solution fit tier 2 of 4, Strong fit: 8 of 12 points',
      }),
    ).toBeInTheDocument()
    expect(screen.getByText('Strong fit')).toBeInTheDocument()
    expect(screen.getByText('8 / 12')).toBeInTheDocument()
    const request = fakeApi.requests().find((entry) => entry.path === '/graphql')
    expect(request?.body).toMatchObject({
      operationName: 'DealSolutionFit',
      variables: { id: DEAL_ID },
    })
  })

  it('colours each criterion: 3 green, 2 amber, anything else red', async () => {
    fakeApi.seed({
      dealScreen: {
        ...fakeApi.state.dealScreen,
        solutionFits: { [DEAL_ID]: solutionFitFixture() },
      },
    })
    renderWithQuery(<SolutionFitPanel dealId={DEAL_ID} />)
    const meters = await screen.findAllByRole('meter')
    // The spec's order (§9), whatever order the engine answered in.
    expect(meters.map((meter) => meter.getAttribute('aria-label'))).toEqual([
      'Problem and pain identification',
      'Quantifiable business impact',
      'Value proposition alignment',
      'Strategic urgency',
    ])
    const colours = meters.map((meter) => meter.firstElementChild?.getAttribute('data-colour'))
    expect(colours).toEqual(['green', 'amber', 'amber', 'red'])
    expect(meters[0]).toHaveAttribute('aria-valuenow', '3')
    expect(meters[0]).toHaveAttribute('aria-valuetext', '3 of 3')
    expect(meters[3]?.firstElementChild).toHaveClass('bg-red-600')
  })

  it('shows the pending assessment when the deal has no scoring', async () => {
    renderWithQuery(<SolutionFitPanel dealId={DEAL_ID} />)
    expect(await screen.findByRole('heading', { name: 'Assessment pending' })).toBeInTheDocument()
    expect(screen.getByText(/not enough information about this deal/)).toBeInTheDocument()
    expect(screen.getByText(/updates automatically/)).toBeInTheDocument()
    expect(screen.queryByRole('img')).toBeNull()
  })

  it('logs a failed fetch as a warning and shows the pending state', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    fakeApi.failNext('POST /graphql', { status: 500, code: 'internal', message: 'Boom' })
    renderWithQuery(<SolutionFitPanel dealId={DEAL_ID} />)
    expect(await screen.findByRole('heading', { name: 'Assessment pending' })).toBeInTheDocument()
    expect(warn).toHaveBeenCalledWith('The solution fit could not be loaded', expect.any(Error))
  })

  it('lists the evidence per criterion in a dialog that returns focus to its button', async () => {
    fakeApi.seed({
      dealScreen: {
        ...fakeApi.state.dealScreen,
        solutionFits: { [DEAL_ID]: solutionFitFixture() },
      },
    })
    const user = userEvent.setup()
    renderWithQuery(<SolutionFitPanel dealId={DEAL_ID} />)
    const open = await screen.findByRole('button', { name: 'Evidence' })
    await user.click(open)
    const dialog = await screen.findByRole('dialog', { name: 'Solution-fit evidence' })
    expect(dialog).toHaveAttribute('data-variant', 'wide')
    const headings = within(dialog).getAllByRole('heading', { level: 3 })
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Problem and pain identification3 of 3',
      'Quantifiable business impact2 of 3',
      'Value proposition alignment2 of 3',
      'Strategic urgency1 of 3',
    ])
    // Quotes and the engine's justifications keep their own direction on a right-to-left page.
    expect(within(dialog).getByText('We lose two days a month on reports.')).toHaveAttribute(
      'dir',
      'auto',
    )
    expect(within(dialog).getByText('The pain is named and costed.')).toHaveAttribute('dir', 'auto')
    expect(within(dialog).getAllByText('Discovery call')).toHaveLength(2)
    expect(within(dialog).getAllByText('10 Feb, 2026')).toHaveLength(2)
    expect(within(dialog).getAllByText(`${isolate('Bob Buyer')} (buyer)`)).toHaveLength(2)
    const latest = within(dialog).getByRole('button', { name: 'New' })
    act(() => latest.focus())
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'From the deal’s latest call or e-mail',
    )
    await user.keyboard('{Escape}')
    expect(within(dialog).getAllByText('No evidence quoted for this criterion.')).toHaveLength(2)

    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull())
    await user.keyboard('{Escape}')
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(open).toHaveFocus()
  })
})
