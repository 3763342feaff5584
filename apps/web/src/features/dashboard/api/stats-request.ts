import { apiRequest } from '@/lib/api-client'
import { dashboardStatsCache } from '@/lib/query-client'

/** Every dashboard query starts with this key, so one invalidation refreshes them all. */
export const DASHBOARD_KEY = ['dashboard'] as const

/** Spec §8: a stats call that fails is logged, and the failure passed on to whoever shows it. */
export async function statsRequest<T>(path: string, what: string): Promise<T> {
  try {
    return await apiRequest<T>(path)
  } catch (error) {
    console.warn(`The ${what} could not be loaded.`, error)
    throw error
  }
}

/** Spec §9: dashboard statistics go stale after 2 minutes. */
export const statsCache = dashboardStatsCache
