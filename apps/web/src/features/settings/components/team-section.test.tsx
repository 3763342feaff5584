import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { getI18n } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { notify } from '@/components/ui/toast'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { renderWithQuery } from '@/test-support/render-with-query'
import { TeamSection } from './team-section'

// The German texts, for the same section in the German UI.
const german = import.meta.glob<Record<string, unknown>>(
  '../../../../public/locales/de/{common,settings,ui}.json',
  { eager: true, import: 'default' },
)

async function inGerman() {
  const i18n = getI18n()
  for (const [file, texts] of Object.entries(german)) {
    i18n.addResourceBundle('de', file.replace(/^.*\/(.+)\.json$/, '$1'), texts)
  }
  await i18n.changeLanguage('de')
}

async function invite(email: string, first = 'Erin', last = 'Eve') {
  await userEvent.type(screen.getByLabelText(/^E-mail/), email)
  await userEvent.type(screen.getByLabelText(/^First name/), first)
  await userEvent.type(screen.getByLabelText(/^Last name/), last)
  await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }))
}

const pendingList = () =>
  screen.findByRole('region', { name: 'Pending invitations' }).then((region) => region)

describe('TeamSection: pending invitations', () => {
  afterEach(async () => {
    await getI18n().changeLanguage('en')
  })

  it('lists an invitation once it is sent, with who sent it', async () => {
    renderWithQuery(<TeamSection canInvite />)
    expect(
      await within(await pendingList()).findByText('No invitations are waiting to be accepted.'),
    ).toBeInTheDocument()
    await invite('erin@example.com')

    const region = await pendingList()
    expect(await within(region).findByText('erin@example.com')).toBeInTheDocument()
    expect(within(region).getByText('Erin Eve')).toBeInTheDocument()
    const me = fakeApi.state.me
    expect(within(region).getByText(`${me.first_name} ${me.last_name}`)).toBeInTheDocument()
  })

  it('revokes an invitation only after the confirmation', async () => {
    renderWithQuery(<TeamSection canInvite />)
    await invite('rex@example.com', 'Rex', 'Roe')
    const region = await pendingList()
    await userEvent.click(
      await within(region).findByRole('button', {
        name: 'Revoke the invitation to rex@example.com',
      }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this invitation?' })
    expect(dialog).toHaveTextContent('The link sent to rex@example.com will stop working.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(fakeApi.state.invitations).toHaveLength(1)

    await userEvent.click(
      within(region).getByRole('button', { name: 'Revoke the invitation to rex@example.com' }),
    )
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }),
    )
    expect(
      await within(region).findByText('No invitations are waiting to be accepted.'),
    ).toBeInTheDocument()
    expect(fakeApi.state.invitations).toEqual([])
    expect(fakeApi.writes().map((request) => request.method)).toEqual(['POST', 'DELETE'])
  })

  it('says in the dialog when the invitation is no longer pending', async () => {
    renderWithQuery(<TeamSection canInvite />)
    await invite('gone@example.com')
    const region = await pendingList()
    await userEvent.click(
      await within(region).findByRole('button', {
        name: 'Revoke the invitation to gone@example.com',
      }),
    )
    // Accepted meanwhile in another tab: the server no longer has it.
    fakeApi.state.invitations = []
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }),
    )
    expect(
      await within(screen.getByRole('dialog')).findByText(
        'This invitation was already accepted, revoked or has expired. Reload the page.',
      ),
    ).toBeInTheDocument()
  })

  it('sends a pending invitation again instead of adding a second one', async () => {
    renderWithQuery(<TeamSection canInvite />)
    await invite('erin@example.com')
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Invitation sent to erin@example.com.'),
    )
    await waitFor(() => expect(screen.getByLabelText(/^E-mail/)).toHaveValue(''))
    const region = await pendingList()
    await within(region).findByText('erin@example.com')

    await invite('Erin@Example.com', 'Erin', 'Evans')
    await waitFor(() =>
      expect(notify.success).toHaveBeenLastCalledWith(
        'Invitation sent again to erin@example.com. The earlier link no longer works.',
      ),
    )
    expect(await within(region).findByText('Erin Evans')).toBeInTheDocument()
    expect(within(region).getAllByText('erin@example.com')).toHaveLength(1)
    expect(fakeApi.state.invitations).toHaveLength(1)
  })

  it('resends an invitation from the pending list', async () => {
    const sentAt = '2025-03-01T09:00:00.000Z'
    fakeApi.seed({
      invitations: [
        {
          id: '00000000-0000-4000-8000-00000000a001',
          email: 'rex@example.com',
          first_name: 'Rex',
          last_name: 'Roe',
          role: 'admin',
          invited_by: null,
          created_at: sentAt,
          expires_at: '2025-03-04T09:00:00.000Z',
        },
      ],
    })
    renderWithQuery(<TeamSection canInvite />)
    const region = await pendingList()
    await userEvent.click(
      await within(region).findByRole('button', {
        name: 'Resend the invitation to rex@example.com',
      }),
    )
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Invitation sent again to rex@example.com. The earlier link no longer works.',
      ),
    )
    // The same invitation, as it was: names and role kept, a later expiry.
    expect(fakeApi.writes()).toEqual([
      {
        method: 'POST',
        url: '/v1/users/invitations',
        body: { email: 'rex@example.com', first_name: 'Rex', last_name: 'Roe', role: 'admin' },
      },
    ])
    expect(fakeApi.state.invitations).toHaveLength(1)
    expect(fakeApi.state.invitations[0]?.id).toBe('00000000-0000-4000-8000-00000000a001')
    expect(Date.parse(fakeApi.state.invitations[0]?.expires_at ?? '')).toBeGreaterThan(
      Date.parse('2025-03-04T09:00:00.000Z'),
    )
  })

  it('refuses a member’s own address at the e-mail field', async () => {
    const member = {
      id: '00000000-0000-4000-8000-00000000c001',
      email: 'carol@example.com',
      first_name: 'Carol',
      last_name: 'Cole',
      role: 'member' as const,
    }
    fakeApi.seed({ users: [...fakeApi.state.users, member] })
    renderWithQuery(<TeamSection canInvite />)
    await invite('carol@example.com', 'Carol', 'Cole')
    const email = screen.getByLabelText(/^E-mail/)
    expect(
      await screen.findByText('An account with this e-mail address already exists.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'))
    expect(email).toHaveValue('carol@example.com')
    expect(fakeApi.state.invitations).toEqual([])
  })

  it('answers an address with an account elsewhere like any other: "sent", and nothing listed', async () => {
    fakeApi.seed({ accountsElsewhere: ['bob@beta.example'] })
    renderWithQuery(<TeamSection canInvite />)
    await invite('bob@beta.example', 'Bob', 'Baker')
    // Sent: the form empties for the next invitation, with no refusal shown.
    await waitFor(() => expect(screen.getByLabelText(/^E-mail/)).toHaveValue(''))
    expect(document.querySelector('[data-slot="form-alert"]')).toBeNull()
    expect(
      await within(await pendingList()).findByText('No invitations are waiting to be accepted.'),
    ).toBeInTheDocument()
  })

  it('words the throttle in the user’s language', async () => {
    await inGerman()
    fakeApi.seed({ invitationsSent: { 'jo@example.com': 3 } })
    renderWithQuery(<TeamSection canInvite />)
    await userEvent.type(screen.getByLabelText(/^E-Mail/), 'jo@example.com')
    await userEvent.type(screen.getByLabelText(/^Vorname/), 'Jo')
    await userEvent.type(screen.getByLabelText(/^Nachname/), 'Jay')
    await userEvent.click(screen.getByRole('button', { name: 'Einladung senden' }))
    expect(await screen.findByText(/Zu viele Versuche/)).toBeInTheDocument()
  })

  it('shows members neither the invitations nor anything to revoke them with', async () => {
    fakeApi.seed({ me: { ...fakeApi.state.me, role: 'member' } })
    renderWithQuery(<TeamSection canInvite={false} />)
    expect(await screen.findAllByText(fakeApi.state.me.email)).not.toHaveLength(0)
    expect(screen.queryByRole('region', { name: 'Pending invitations' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull()
    expect(fakeApi.requests().map((request) => request.path)).not.toContain('/v1/users/invitations')
  })
})
