import '@/test-support/dom-polyfills'
import type { OnboardingForm } from '@dealcoach/contracts/onboarding'
import { createRoute, Link } from '@tanstack/react-router'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { renderWithQuery } from '@/test-support/render-with-query'
import { renderWithRouter } from '@/test-support/render-with-router'
import { OnboardingQuestionnaire } from './onboarding-questionnaire'

const saved: OnboardingForm = {
  id: '00000000-0000-4000-8000-000000000001',
  full_name: 'Grace Hopper',
  email: 'grace@example.com',
  team_size: '6-20',
  is_primary_contact: false,
  call_recording_app: 'other',
  call_recording_app_other: 'Avoma',
  sales_framework: ['bant', 'custom'],
  sales_framework_custom: 'Our way',
  submitted_by: '00000000-0000-4000-8000-000000000002',
  created_at: '2025-03-05T10:00:00.000Z',
}

const posted = () =>
  fakeApi
    .writes()
    .filter((request) => request.method === 'POST')
    .map((request) => request.body)

function renderQuestionnaire(canEdit = true) {
  return renderWithQuery(
    <>
      <OnboardingQuestionnaire canEdit={canEdit} />
      <Toaster />
    </>,
  )
}

const me = { full_name: 'Ada Lovelace', email: 'ada@example.com' }

describe('OnboardingQuestionnaire', () => {
  it('starts the first answers with the signed-in user’s name and e-mail', async () => {
    renderWithQuery(<OnboardingQuestionnaire canEdit prefill={me} />)
    expect(await screen.findByLabelText('Your full name')).toHaveValue('Ada Lovelace')
    expect(screen.getByLabelText('Work e-mail')).toHaveValue('ada@example.com')
  })

  it('keeps the latest answers over the user’s own name and e-mail', async () => {
    fakeApi.seed({ onboardingForms: [saved] })
    renderWithQuery(<OnboardingQuestionnaire canEdit prefill={me} />)
    expect(await screen.findByLabelText('Your full name')).toHaveValue('Grace Hopper')
    expect(screen.getByLabelText('Work e-mail')).toHaveValue('grace@example.com')
  })

  it('asks before leaving with answers not sent, and not for the untouched defaults', async () => {
    const user = userEvent.setup()
    renderWithRouter(
      <>
        <Link to="/dashboard/">Dashboard</Link>
        <OnboardingQuestionnaire canEdit prefill={me} />
      </>,
      {
        routes: (root) => [
          createRoute({
            getParentRoute: () => root,
            path: '/dashboard/',
            component: () => <Link to="/">Back</Link>,
          }),
        ],
      },
    )
    await screen.findByLabelText('Your full name')
    await user.click(screen.getByRole('link', { name: 'Dashboard' }))
    await user.click(await screen.findByRole('link', { name: 'Back' }))
    await user.click(await screen.findByRole('radio', { name: 'Yes' }))
    await user.click(screen.getByRole('link', { name: 'Dashboard' }))
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    await user.click(within(question).getByRole('button', { name: 'Stay on this page' }))
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked()
  })

  it('does not ask when the answers are back to the latest ones, a framework unticked and ticked again', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ onboardingForms: [saved] })
    renderWithRouter(
      <>
        <Link to="/dashboard/">Dashboard</Link>
        <OnboardingQuestionnaire canEdit />
      </>,
      {
        routes: (root) => [
          createRoute({
            getParentRoute: () => root,
            path: '/dashboard/',
            component: () => <p>The dashboard</p>,
          }),
        ],
      },
    )
    const bant = await screen.findByRole('checkbox', { name: 'BANT' })
    await user.click(bant)
    await user.click(bant)
    expect(bant).toBeChecked()
    await user.click(screen.getByRole('link', { name: 'Dashboard' }))
    expect(await screen.findByText('The dashboard')).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull()
  })

  it('fills the form with the latest answers', async () => {
    fakeApi.seed({ onboardingForms: [saved] })
    renderQuestionnaire()
    expect(await screen.findByLabelText('Your full name')).toHaveValue('Grace Hopper')
    expect(screen.getByLabelText('Work e-mail')).toHaveValue('grace@example.com')
    expect(screen.getByRole('combobox', { name: 'Team size' })).toHaveTextContent('6–20 people')
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked()
    expect(screen.getByRole('combobox', { name: 'Call recording app' })).toHaveTextContent(
      'Another app',
    )
    expect(screen.getByLabelText('Which call recording app?')).toHaveValue('Avoma')
    expect(screen.getByRole('checkbox', { name: 'BANT' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'MEDDIC' })).not.toBeChecked()
    expect(screen.getByLabelText('Describe your own framework')).toHaveValue('Our way')
    expect(screen.getByText(/^Last answers sent on/)).toBeInTheDocument()
  })

  it('sends only the questions answered, trimmed, with the other and custom texts', async () => {
    const user = userEvent.setup()
    renderQuestionnaire()
    await user.type(await screen.findByLabelText('Your full name'), '  Ada  ')
    await user.type(screen.getByLabelText('Work e-mail'), '   ')
    expect(screen.queryByLabelText('Which call recording app?')).toBeNull()
    await user.click(screen.getByRole('combobox', { name: 'Call recording app' }))
    await user.click(await screen.findByRole('option', { name: 'Another app' }))
    await user.type(screen.getByLabelText('Which call recording app?'), ' Avoma ')
    expect(screen.queryByLabelText('Describe your own framework')).toBeNull()
    await user.click(screen.getByRole('checkbox', { name: 'Our own framework' }))
    await user.click(screen.getByRole('checkbox', { name: 'MEDDIC' }))
    await user.type(screen.getByLabelText('Describe your own framework'), ' Ours ')
    await user.click(screen.getByRole('button', { name: 'Send answers' }))

    expect(await screen.findByText('Thank you: your answers are saved.')).toBeInTheDocument()
    expect(posted()).toEqual([
      {
        full_name: 'Ada',
        call_recording_app: 'other',
        call_recording_app_other: 'Avoma',
        sales_framework: ['meddic', 'custom'],
        sales_framework_custom: 'Ours',
      },
    ])
    // The form now shows what the server stored.
    expect(screen.getByLabelText('Your full name')).toHaveValue('Ada')
  })

  it('leaves out the explanation when its choice is undone', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ onboardingForms: [saved] })
    renderQuestionnaire()
    await user.click(await screen.findByRole('checkbox', { name: 'Our own framework' }))
    expect(screen.queryByLabelText('Describe your own framework')).toBeNull()
    await user.click(screen.getByRole('combobox', { name: 'Call recording app' }))
    await user.click(await screen.findByRole('option', { name: 'Gong' }))
    await user.click(screen.getByRole('button', { name: 'Send answers' }))
    await vi.waitFor(() => expect(posted()).toHaveLength(1))
    expect(posted()[0]).toEqual({
      full_name: 'Grace Hopper',
      email: 'grace@example.com',
      team_size: '6-20',
      is_primary_contact: false,
      call_recording_app: 'gong',
      sales_framework: ['bant'],
    })
  })

  it('says so and calls nobody when nothing is answered', async () => {
    const user = userEvent.setup()
    renderQuestionnaire()
    await user.type(await screen.findByLabelText('Your full name'), '   ')
    await user.click(screen.getByRole('button', { name: 'Send answers' }))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Answer at least one question before sending.',
    )
    expect(posted()).toEqual([])
  })

  it('marks an e-mail that is not one and does not send', async () => {
    const user = userEvent.setup()
    renderQuestionnaire()
    await user.type(await screen.findByLabelText(/Work e-mail/), 'grace at example')
    await user.click(screen.getByRole('button', { name: 'Send answers' }))
    const email = screen.getByLabelText(/Work e-mail/)
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription(/Enter a valid e-mail address/)
    expect(posted()).toEqual([])
  })

  it('shows the server’s refusal under the field it concerns, in the client’s words', async () => {
    const user = userEvent.setup()
    fakeApi.failNext('POST /v1/forms/client_onboarding', {
      status: 400,
      code: 'validation_failed',
      message: 'body.email: Invalid email address',
      details: [{ path: 'body.email', message: 'Invalid email address' }],
    })
    renderQuestionnaire()
    const email = await screen.findByLabelText('Work e-mail')
    await user.type(email, 'grace@example.c')
    await user.click(screen.getByRole('button', { name: 'Send answers' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid e-mail address.')
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByText(/Invalid email address/)).toBeNull()
    // Nothing typed is lost.
    expect(email).toHaveValue('grace@example.c')
  })

  it('shows members the latest answers, read-only', async () => {
    fakeApi.seed({ onboardingForms: [saved] })
    renderQuestionnaire(false)
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument()
    expect(screen.getByText('Another app: Avoma')).toBeInTheDocument()
    expect(screen.getByText('BANT and Our own framework: Our way')).toBeInTheDocument()
    expect(
      screen.getByText('Only admins can answer the questionnaire. These are the latest answers.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Send answers' })).toBeNull()
  })

  it('tells members when there are no answers yet', async () => {
    renderQuestionnaire(false)
    const section = await screen.findByRole('region', { name: 'About your team' })
    expect(
      await within(section).findByText(
        'No answers yet. An admin of your workspace can fill in the questionnaire.',
      ),
    ).toBeInTheDocument()
  })
})
