import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { getI18n } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
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
    await userEvent.click(await within(region).findByRole('button', { name: /gone@example.com/ }))
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
