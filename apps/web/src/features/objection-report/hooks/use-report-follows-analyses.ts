import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useAnalysisProgress } from '@/entities/deal/api/analysis-api'
import { OBJECTION_REPORT_KEY } from '../api/objection-report-api'

/**
 * The report is read again when the background analyses finish: a correction (or its undo)
 * analyses its deal again, which may find the sentence, or its paraphrases, anew.
 */
export function useReportFollowsAnalyses() {
  const client = useQueryClient()
  const pending = useAnalysisProgress().data?.pending ?? 0
  const before = useRef(pending)

  useEffect(() => {
    if (before.current > 0 && pending === 0) {
      void client.invalidateQueries({ queryKey: OBJECTION_REPORT_KEY })
    }
    before.current = pending
  }, [pending, client])
}
