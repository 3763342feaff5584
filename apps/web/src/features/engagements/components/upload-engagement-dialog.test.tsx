import '@/test-support/dom-polyfills'
import { type AnyRootRoute, createRoute } from '@tanstack/react-router'
import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { getI18n } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setAccessToken } from '@/lib/access-token'
import { toLocalDateTime } from '@/lib/dates/iso-date'
import { seedDealsArea, signInAs } from '@/test-support/deals-area-setup'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import {
  callFixture,
  DEAL_ID,
  dealFixture,
} from '@/test-support/fake-api/fixtures/deal-screen-fixtures'
import { meFixture, teamMemberOf } from '@/test-support/fake-api/fixtures/user-fixtures'
import { initialDealsArea } from '@/test-support/fake-api/routes/deals-routes'
import { renderWithRouter } from '@/test-support/render-with-router'
import { UploadEngagementDialog } from './upload-engagement-dialog'

const german = import.meta.glob<Record<string, unknown>>(
  '../../../../public/locales/de/{common,deals,ui}.json',
  { eager: true, import: 'default' },
)

const CALL = 'Ada: How do you report today?\nBob: By hand, it takes days.'

/** The dialog on the deal's page, so that "Show it" can go to the deal's activity. */
function renderDialog() {
  const dealPage = (root: AnyRootRoute) =>
    createRoute({
      getParentRoute: () => root,
      path: '/deals/$dealId/',
      validateSearch: (search: Record<string, unknown>) => ({ tab: search.tab as string }),
      component: () => <UploadEngagementDialog dealId={DEAL_ID} />,
    })
  return renderWithRouter(null, { path: `/deals/${DEAL_ID}/`, routes: (root) => [dealPage(root)] })
}

async function openAndPaste(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(await screen.findByRole('button', { name: 'Add call or e-mail' }))
  const dialog = await screen.findByRole('dialog')
  await user.click(within(dialog).getByRole('tab', { name: 'Paste transcript' }))
  const transcript = within(dialog).getByRole('textbox', { name: 'Transcript' })
  // Typed as one change: user.type would take minutes over a transcript.
  fireEvent.change(transcript, { target: { value: text } })
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
  return dialog
}

beforeEach(() => {
  seedDealsArea()
  signInAs('admin', teamMemberOf(meFixture()))
  fakeApi.seed({ dealsArea: { ...initialDealsArea(), deals: [dealFixture()] } })
})

afterEach(async () => {
  setAccessToken(null)
  await act(() => getI18n().changeLanguage('en'))
})

describe('Add a call or an e-mail', () => {
  it('says at the transcript which line could not be read, and forgets it once edited', async () => {
    const user = userEvent.setup()
    renderDialog()
    const dialog = await openAndPaste(user, 'no speaker on this line')

    const transcript = within(dialog).getByRole('textbox', { name: 'Transcript' })
    expect(
      await within(dialog).findByText(
        'Line 1 of the transcript could not be read: start each turn with the speaker’s name, as in “Name: text”.',
      ),
    ).toHaveAttribute(
      'id',
      transcript
        .getAttribute('aria-describedby')
        ?.split(' ')
        .find((id) => id.endsWith('-error')),
    )
    // At the field, not in a banner above the form.
    expect(dialog.querySelector('[data-slot="form-alert"]')).toBeNull()
    await user.type(transcript, 'x')
    expect(
      within(dialog).queryByText(
        'Line 1 of the transcript could not be read: start each turn with the speaker’s name, as in “Name: text”.',
      ),
    ).toBeNull()
  })

  /** Opens the dialog, chooses `file` and continues; answers the dialog and the file input. */
  async function openAndChoose(user: ReturnType<typeof userEvent.setup>, file: File) {
    await user.click(await screen.findByRole('button', { name: 'Add call or e-mail' }))
    const dialog = await screen.findByRole('dialog')
    const input = within(dialog).getByLabelText('Transcript or e-mail file')
    await user.upload(input, file)
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    return { dialog, input }
  }

  it('says an empty file is empty, before sending it', async () => {
    const user = userEvent.setup()
    renderDialog()
    const { input } = await openAndChoose(user, new File([], 'call.vtt'))
    await vi.waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'))
    expect(input).toHaveAccessibleDescription(
      'This file is empty. Choose the file with the call’s transcript or the e-mail in it.',
    )
    expect(fakeApi.requests().some((request) => request.url.includes('/engagements'))).toBe(false)
  })

  it.each([
    [
      'closes at once after the file was refused (empty): nothing could be saved',
      new File([], 'call.vtt'),
      true,
      false,
    ],
    [
      'asks before dropping a chosen file it has not refused',
      new File([CALL], 'call.txt'),
      false,
      true,
    ],
  ])('%s', async (_, file, send, asks) => {
    const user = userEvent.setup()
    renderDialog()
    await user.click(await screen.findByRole('button', { name: 'Add call or e-mail' }))
    const dialog = await screen.findByRole('dialog')
    const input = within(dialog).getByLabelText('Transcript or e-mail file')
    await user.upload(input, file)
    if (send) {
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
      await vi.waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'))
    }
    await user.keyboard('{Escape}')
    if (asks) {
      expect(
        await screen.findByRole('dialog', { name: 'Leave without saving?' }),
      ).toBeInTheDocument()
    } else {
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    }
  })

  it.each([
    ['on the duplicate notice', false],
    ['after going back from it', true],
  ])(
    'closes at once after the server found the file already on the deal, %s',
    async (_, goBack) => {
      fakeApi.seed({
        dealsArea: {
          ...initialDealsArea(),
          deals: [dealFixture()],
          // The fake's stand-in for the same content: an upload of the same name on the deal.
          engagements: [{ ...callFixture(), name: 'Pasted transcript' }],
        },
      })
      const user = userEvent.setup()
      renderDialog()
      const { dialog } = await openAndChoose(user, new File([CALL], 'call.txt'))
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'This looks like “Pasted transcript”, which is already on this deal.',
      )
      if (goBack) {
        await user.click(within(dialog).getByRole('button', { name: 'Back' }))
        await within(dialog).findByLabelText('Transcript or e-mail file')
      }
      await user.keyboard('{Escape}')
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    },
  )

  it.each([
    [
      'a file of blank lines',
      new File(['\n  \n'], 'call.vtt'),
      {
        status: 400,
        code: 'empty_file',
        message: 'body.file: is empty',
        details: [{ path: 'body.file', message: 'is empty', code: 'empty_file' }],
      },
      'This file is empty. Choose the file with the call’s transcript or the e-mail in it.',
    ],
    [
      'a .txt whose lines name no speaker',
      new File(['We talked about the rollout.'], 'notes.txt'),
      {
        status: 400,
        code: 'invalid_file',
        message: 'body.file: transcript, line 1: no "Speaker: text" lines found',
        details: [
          {
            path: 'body.file',
            message: 'transcript, line 1: no "Speaker: text" lines found',
            code: 'no_speaker_lines',
            params: { line: 1 },
          },
        ],
      },
      'Line 1 of the transcript could not be read: start each turn with the speaker’s name, as in “Name: text”.',
    ],
    [
      'a .vtt without its WEBVTT first line',
      new File(['Dana: We re-ship about 300 orders a month.'], 'call.vtt'),
      {
        status: 400,
        code: 'invalid_file',
        message: 'body.file: WebVTT, line 1: the file must start with "WEBVTT"',
        details: [
          {
            path: 'body.file',
            message: 'WebVTT, line 1: the file must start with "WEBVTT"',
            code: 'not_webvtt',
            params: { line: 1 },
          },
        ],
      },
      'This is not a WebVTT file: its first line must be “WEBVTT”. A transcript of “Name: text” lines can be uploaded as .txt.',
    ],
    [
      'an e-mail of headers only',
      new File(['From: bob@acme.example\r\nSubject: Re: Pricing\r\n\r\n'], 'reply.eml'),
      {
        status: 400,
        code: 'empty_email',
        message: 'body.file: has no text',
        details: [{ path: 'body.file', message: 'has no text', code: 'empty_email' }],
      },
      'This e-mail has no text to analyse: it has no body, or only quotes an earlier message.',
    ],
  ])(
    'words the refusal of %s at the file, not in the server’s words',
    async (_, file, failure, text) => {
      fakeApi.failNext('POST /v1/deals/:id/engagements/preview', failure)
      const user = userEvent.setup()
      renderDialog()
      const { dialog, input } = await openAndChoose(user, file)
      await vi.waitFor(() => expect(input).toHaveAccessibleDescription(text))
      expect(input).toHaveAttribute('aria-invalid', 'true')
      expect(dialog).not.toHaveTextContent(failure.message)
      expect(dialog.querySelector('[data-slot="form-alert"]')).toBeNull()
    },
  )

  it('says a typed e-mail that only quotes an earlier one has no text, at its message', async () => {
    fakeApi.failNext('POST /v1/deals/:id/engagements/preview', {
      status: 400,
      code: 'empty_email',
      message: 'body.body: has no text',
      details: [{ path: 'body.body', message: 'has no text', code: 'empty_email' }],
    })
    const user = userEvent.setup()
    renderDialog()
    await user.click(await screen.findByRole('button', { name: 'Add call or e-mail' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('tab', { name: 'E-mail' }))
    await user.type(within(dialog).getByRole('textbox', { name: 'From' }), 'bob@acme.example')
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Re: Pricing')
    const body = within(dialog).getByRole('textbox', { name: 'Message' })
    fireEvent.change(body, { target: { value: '> Shall we go ahead?' } })
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    await vi.waitFor(() =>
      expect(body).toHaveAccessibleDescription(
        'This e-mail has no text to analyse: it has no body, or only quotes an earlier message.',
      ),
    )
  })

  it('files the call under the title and time the user sets, and refuses a time to come', async () => {
    const user = userEvent.setup()
    renderDialog()
    const dialog = await openAndPaste(user, CALL)

    const title = await within(dialog).findByRole('textbox', { name: 'Title' })
    expect(title).toHaveValue('Pasted transcript')
    await user.clear(title)
    await user.type(title, 'Discovery with Bob')
    const when = within(dialog).getByLabelText('Date and time')
    const future = new Date(Date.now() + 2 * 24 * 3600 * 1000)
    fireEvent.change(when, { target: { value: toLocalDateTime(future) } })
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(within(dialog).getByText('Enter a time that is not in the future.')).toBeInTheDocument()

    fireEvent.change(when, { target: { value: '2026-03-02T09:30' } })
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const saved = fakeApi.writes().find((write) => write.url.endsWith('/engagements'))
    expect(saved?.body).toMatchObject({
      type: 'transcript',
      name: 'Discovery with Bob',
      occurred_at: new Date(2026, 2, 2, 9, 30).toISOString(),
      roles: { Ada: 'seller', Bob: 'buyer' },
    })
  })

  it('offers to add each buyer who is not yet a contact to the deal’s contacts, and sends the ticked ones (QA 4)', async () => {
    const user = userEvent.setup()
    renderDialog()
    const dialog = await openAndPaste(
      user,
      'Ada: How do you report today?\nCarol: By hand.\nBob: It takes days.',
    )
    const addCarol = await within(dialog).findByRole('checkbox', {
      name: 'Add Carol to the deal’s contacts',
    })
    expect(addCarol).not.toBeChecked()
    // Ada is the seller (a user) and Bob already a contact: nothing to add for them.
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1)

    // Only a buyer becomes a contact.
    const carol = within(dialog).getByRole('radiogroup', { name: /Carol/ })
    await user.click(within(carol).getByRole('radio', { name: 'Seller (your team)' }))
    expect(within(dialog).queryByRole('checkbox')).toBeNull()
    await user.click(within(carol).getByRole('radio', { name: 'Buyer' }))
    await user.click(within(dialog).getByRole('checkbox', { name: /Add Carol/ }))

    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const saved = fakeApi.writes().find((write) => write.url.endsWith('/engagements'))
    expect(saved?.body).toMatchObject({
      roles: { Ada: 'seller', Carol: 'buyer', Bob: 'buyer' },
      add_contacts: ['Carol'],
    })
  })

  it('adds no contact unless one is ticked', async () => {
    const user = userEvent.setup()
    renderDialog()
    const dialog = await openAndPaste(user, 'Ada: Hello.\nCarol: Hi.')
    await within(dialog).findByRole('checkbox', { name: /Add Carol/ })
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const saved = fakeApi.writes().find((write) => write.url.endsWith('/engagements'))
    expect(saved?.body).not.toHaveProperty('add_contacts')
  })

  it('shows a tab’s missing parts only once Continue was pressed on that tab', async () => {
    const user = userEvent.setup()
    renderDialog()
    const dialog = await openAndPaste(user, '')
    const transcript = within(dialog).getByRole('textbox', { name: 'Transcript' })
    expect(transcript).toHaveAccessibleDescription(expect.stringContaining('Paste the transcript.'))

    await user.click(within(dialog).getByRole('tab', { name: 'E-mail' }))
    for (const name of ['From', 'Subject', 'Message']) {
      const field = within(dialog).getByRole('textbox', { name })
      expect(field).not.toHaveAttribute('aria-invalid')
      expect(field).not.toHaveAccessibleDescription('This field is required.')
    }
    expect(within(dialog).queryByText('This field is required.')).toBeNull()
    await user.click(within(dialog).getByRole('tab', { name: 'File' }))
    expect(within(dialog).queryByText('Choose a file.')).toBeNull()

    await user.click(within(dialog).getByRole('tab', { name: 'E-mail' }))
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(within(dialog).getByRole('textbox', { name: 'From' })).toHaveAccessibleDescription(
      'This field is required.',
    )
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(3)
    expect(fakeApi.writes()).toEqual([])
  })

  it('keeps the pasted text when the user goes back', async () => {
    const user = userEvent.setup()
    renderDialog()
    const dialog = await openAndPaste(user, CALL)
    await user.click(await within(dialog).findByRole('button', { name: 'Back' }))
    expect(within(dialog).getByRole('textbox', { name: 'Transcript' })).toHaveValue(CALL)
  })

  it('offers no Save for a call already on the deal, and links to the earlier one', async () => {
    const user = userEvent.setup()
    const router = renderDialog()
    const first = await openAndPaste(user, CALL)
    await user.click(await within(first).findByRole('button', { name: 'Save' }))
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    const again = await openAndPaste(user, CALL)
    const notice = await within(again).findByRole('alert')
    expect(notice).toHaveTextContent(
      'This looks like “Pasted transcript”, which is already on this deal.',
    )
    expect(within(again).queryByRole('button', { name: 'Save' })).toBeNull()
    await user.click(within(notice).getByRole('link', { name: 'Show it' }))
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const earlier = fakeApi.state.dealsArea.engagements[0]
    expect(router.state.location).toMatchObject({
      search: { tab: 'activity' },
      hash: `engagement-${earlier?.id}`,
    })
  })

  it('asks for a file at the drop zone in German', async () => {
    const i18n = getI18n()
    for (const [path, bundle] of Object.entries(german)) {
      const namespace = /(\w+)\.json$/.exec(path)?.[1] ?? ''
      i18n.addResourceBundle('de', namespace, bundle, true, true)
    }
    await act(() => i18n.changeLanguage('de'))
    const user = userEvent.setup()
    renderDialog()
    await user.click(await screen.findByRole('button', { name: 'Gespräch oder E-Mail hinzufügen' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Weiter' }))
    const file = within(dialog).getByLabelText('Transkript- oder E-Mail-Datei')
    expect(file).toHaveAttribute('aria-invalid', 'true')
    expect(file).toHaveAccessibleDescription('Wählen Sie eine Datei.')
  })
})
