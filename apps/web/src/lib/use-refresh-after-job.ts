import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'

/**
 * Once a server job the screen follows goes from `running` to `finished` (an import's commit, a
 * CRM sync), the deals, contacts, activity, statistics and checklist it wrote to are stale: every
 * query but the job's own (those under `ownKeyRoot`) is invalidated.
 */
export function useRefreshAfterJob(
  job: { running: boolean; finished: boolean },
  ownKeyRoot: string,
) {
  const queryClient = useQueryClient()
  const wasRunning = useRef(job.running)
  useEffect(() => {
    if (wasRunning.current && job.finished) {
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== ownKeyRoot })
    }
    wasRunning.current = job.running
  }, [job.running, job.finished, ownKeyRoot, queryClient])
}
