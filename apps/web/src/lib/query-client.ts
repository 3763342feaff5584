import { QueryClient } from '@tanstack/react-query'

const MINUTE = 60_000

/** Spec §9: most queries go stale after 5 minutes and are discarded after 10. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * MINUTE, gcTime: 10 * MINUTE, retry: 1 },
    },
  })
}
