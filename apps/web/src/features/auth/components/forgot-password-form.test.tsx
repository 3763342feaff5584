import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { renderWithQuery } from '@/test-support/render-with-query'
import { ForgotPasswordForm } from './forgot-password-form'

const SENT =
  'If an account uses ada@example.com, a link to choose a new password is on its way. It works once, for 30 minutes.'

describe('ForgotPasswordForm', () => {
  it('checks the address before calling the server', async () => {
    renderWithQuery(<ForgotPasswordForm />)
    await userEvent.click(screen.getByRole('button', { name: 'Send me the link' }))
    expect(screen.getByText('Enter your e-mail address.')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'not-an-address')
    await userEvent.click(screen.getByRole('button', { name: 'Send me the link' }))
    expect(screen.getByText('Enter an e-mail address like name@company.com.')).toBeInTheDocument()
    expect(fakeApi.requests()).toEqual([])
  })

  it('asks for a link and says the same whether or not the account exists', async () => {
    renderWithQuery(<ForgotPasswordForm />)
    await userEvent.type(screen.getByLabelText(/^E-mail/), ' ada@example.com ')
    await userEvent.click(screen.getByRole('button', { name: 'Send me the link' }))

    const status = await screen.findByRole('status')
    expect(status).toHaveTextContent('Check your inbox')
    expect(status).toHaveTextContent(SENT)
    const [request] = fakeApi.requests()
    expect(request?.url).toBe('/auth/password-reset')
    expect(request?.body).toEqual({ email: 'ada@example.com' })
  })

  it('words throttling and network failures itself, never with the server text', async () => {
    fakeApi.failNext('POST /auth/password-reset', {
      status: 429,
      code: 'rate_limited',
      message: 'Too many attempts. Try again in 58 minutes. (server text)',
      headers: { 'retry-after': '3480' },
    })
    renderWithQuery(<ForgotPasswordForm />)
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'ada@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Send me the link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 58 minutes.',
    )
    expect(screen.queryByText(/server text/)).not.toBeInTheDocument()

    fakeApi.failNext('POST /auth/password-reset', 'network')
    await userEvent.click(screen.getByRole('button', { name: 'Send me the link' }))
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).not.toHaveTextContent('Too many attempts'),
    )
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})
