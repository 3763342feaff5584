import { deepEqual } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import {
  type ReportSearch,
  reportSearchKey,
  storedReportSearch,
  storeReportSearch,
} from '../lib/report-filters'

/**
 * Keeps the report's filters in the URL and in browser storage (spec §2's habit). On load the
 * URL wins: its values are kept and the stored ones fill only what it leaves out; from then on
 * every change of the URL is stored.
 */
export function useReportUrlSync(search: ReportSearch, writeSearch: (next: ReportSearch) => void) {
  const searchKey = reportSearchKey(search)
  const loaded = useRef(false)

  useEffect(() => {
    if (!loaded.current) {
      loaded.current = true
      const merged = { ...storedReportSearch(), ...search }
      if (!deepEqual(merged, search)) {
        // Stored once the URL shows it, by the next run of this effect.
        writeSearch(merged)
        return
      }
    }
    storeReportSearch(search)
    // Only a new URL is read: `search` changes identity on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchKey])
}
