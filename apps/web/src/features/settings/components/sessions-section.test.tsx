import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMediaQueryList } from '@/test-support/dom-polyfills'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import {
  currentSessionFixture,
  sessionFixture,
} from '@/test-support/fake-api/fixtures/user-fixtures'
import { formatDate } from '@/lib/dates/format-date'
import { day } from '@/lib/dates/test-days'
import { renderWithQuery } from '@/test-support/render-with-query'
import { SessionsSection } from './sessions-section'

const PHONE_ID = '00000000-0000-4000-8000-00000000a002'
const LAPTOP_ID = '00000000-0000-4000-8000-00000000a003'

function seedThreeSessions() {
  fakeApi.seed({
    sessions: [
      sessionFixture({
        id: PHONE_ID,
        device: 'Safari on iPhone',
        ip: '203.0.113.9',
        created_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        last_used_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      }),
      currentSessionFixture(),
      sessionFixture({ id: LAPTOP_ID, device: null, ip: null }),
    ],
  })
}

const rows = () => screen.getAllByRole('listitem')

describe('SessionsSection', () => {
  // Noon: "2 hours ago" is still today (relative days are calendar days, at 01:00 it says yesterday).
  beforeEach(() => vi.useFakeTimers({ now: day('2026-03-05', 12), toFake: ['Date'] }))
  afterEach(() => vi.useRealTimers())

  it('lists the sessions, this device first with its badge and no sign-out button', async () => {
    seedThreeSessions()
    renderWithQuery(<SessionsSection />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading your sessions…')

    await screen.findByText('Safari on iPhone')
    const [current, phone, unknown] = rows()
    expect(current).toHaveTextContent('Chrome on Windows')
    expect(current).toHaveTextContent('This device')
    expect(within(current!).queryByRole('button', { name: 'Sign out' })).toBeNull()
    expect(phone).toHaveTextContent('From 203.0.113.9')
    expect(phone).toHaveTextContent('Signed in 3 days ago · last active 2 hours ago')
    expect(within(phone!).getByRole('button', { name: 'Sign out' })).toBeInTheDocument()
    expect(unknown).toHaveTextContent('Unknown device')
    expect(unknown).toHaveTextContent('Address unknown')
  })

  it('signs out one session after confirming, and the list drops it', async () => {
    seedThreeSessions()
    renderWithQuery(<SessionsSection />)
    await screen.findByText('Safari on iPhone')
    await userEvent.click(within(rows()[1]!).getByRole('button', { name: 'Sign out' }))

    const dialog = await screen.findByRole('dialog', { name: 'Sign out this session?' })
    expect(dialog).toHaveTextContent('Safari on iPhone will be signed out at once')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }))

    await vi.waitFor(() => expect(screen.queryByText('Safari on iPhone')).toBeNull())
    expect(fakeApi.writes()).toEqual([
      { method: 'DELETE', url: `/v1/users/me/sessions/${PHONE_ID}`, body: undefined },
    ])
    expect(rows()).toHaveLength(2)
  })

  it('leaves the session alone when the dialog is cancelled', async () => {
    seedThreeSessions()
    renderWithQuery(<SessionsSection />)
    await screen.findByText('Safari on iPhone')
    await userEvent.click(within(rows()[1]!).getByRole('button', { name: 'Sign out' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(fakeApi.writes()).toEqual([])
  })

  it('says so in its words when the session had already ended', async () => {
    seedThreeSessions()
    fakeApi.failNext('DELETE /v1/users/me/sessions/:id', {
      status: 404,
      code: 'session_not_found',
      message: 'Session not found',
    })
    renderWithQuery(<SessionsSection />)
    await screen.findByText('Safari on iPhone')
    await userEvent.click(within(rows()[1]!).getByRole('button', { name: 'Sign out' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This session has already ended.',
    )
  })

  it('signs out everywhere else, keeping this device', async () => {
    seedThreeSessions()
    renderWithQuery(<SessionsSection />)
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' })
    expect(dialog).toHaveTextContent('Your 2 other sessions will be signed out at once.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }))

    await vi.waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]).toHaveTextContent('This device')
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull()
    expect(fakeApi.writes()).toEqual([
      { method: 'DELETE', url: '/v1/users/me/sessions', body: undefined },
    ])
  })

  it('offers a retry when the list cannot be loaded', async () => {
    fakeApi.failNext('GET /v1/users/me/sessions', {
      status: 500,
      code: 'internal',
      message: 'Boom',
    })
    renderWithQuery(<SessionsSection />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your sessions could not be loaded.')
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('This device')).toBeInTheDocument()
  })

  describe('the exact times (spec §2: tooltips, popovers where there is no hover)', () => {
    afterEach(() => vi.restoreAllMocks())

    const exactTime = (iso: string) => formatDate(iso, 'withTime', 'en')

    it('shows the exact sign-in time in a tooltip on hover', async () => {
      seedThreeSessions()
      renderWithQuery(<SessionsSection />)
      await screen.findByText('Safari on iPhone')
      const phone = rows()[1]!
      expect(phone.querySelector('[title]')).toBeNull()

      const signedIn = within(phone).getByRole('button', { name: /^Signed in 3 days ago/ })
      await userEvent.hover(signedIn)
      const [session] = fakeApi.state.sessions
      expect(await screen.findByRole('tooltip')).toHaveTextContent(exactTime(session!.created_at))
    })

    it('opens the exact time as a popover with a tap on a touch device', async () => {
      vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
        createMediaQueryList(query, query === '(hover: none)'),
      )
      seedThreeSessions()
      renderWithQuery(<SessionsSection />)
      await screen.findByText('Safari on iPhone')
      const phone = rows()[1]!
      await userEvent.click(within(phone).getByRole('button', { name: /^last active 2 hours ago/ }))
      const [session] = fakeApi.state.sessions
      expect(await screen.findByRole('dialog')).toHaveTextContent(exactTime(session!.last_used_at))
    })
  })
})
