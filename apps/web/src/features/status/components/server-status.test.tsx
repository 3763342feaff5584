import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { ServerStatus } from './server-status'

function renderStatus() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <ServerStatus />
    </QueryClientProvider>,
  )
}

describe('ServerStatus', () => {
  it('shows the version the server reports', async () => {
    fakeApi.seed({ health: { status: 'ok', version: '9.9.9', release_stage: 'test' } })
    renderStatus()
    expect(screen.getByRole('status')).toHaveTextContent('Checking the service…')
    expect(await screen.findByText('Service online · version 9.9.9')).toBeInTheDocument()
  })

  it('says when the server cannot be reached', async () => {
    fakeApi.failNext('GET /health', 'network')
    renderStatus()
    expect(
      await screen.findByText('The service cannot be reached: Failed to fetch'),
    ).toBeInTheDocument()
  })
})
