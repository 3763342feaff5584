import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'

/** A query client as tests want one: a failed call fails at once rather than retrying. */
export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
}

/** Renders `element` under a query client: a fresh one, or `client` when the test filled it first. */
export function renderWithQuery(element: ReactElement, client: QueryClient = testQueryClient()) {
  return render(<QueryClientProvider client={client}>{element}</QueryClientProvider>)
}
