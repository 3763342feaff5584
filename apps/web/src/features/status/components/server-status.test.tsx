import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
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
  afterEach(() => vi.unstubAllGlobals())

  it('shows the version the server reports', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(
          Response.json({ status: 'ok', version: '9.9.9', release_stage: 'test' }),
        ),
    )
    renderStatus()
    expect(screen.getByRole('status')).toHaveTextContent('Checking the service…')
    expect(await screen.findByText('Service online · version 9.9.9')).toBeInTheDocument()
  })

  it('says when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')),
    )
    renderStatus()
    expect(
      await screen.findByText('The service cannot be reached: Failed to fetch'),
    ).toBeInTheDocument()
  })
})
