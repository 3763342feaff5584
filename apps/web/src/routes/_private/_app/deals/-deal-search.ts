import { enumSearchParamOr, searchSchema } from '@/lib/search-params'

export const DEAL_TABS = ['analysis', 'activity', 'contacts'] as const
export type DealTab = (typeof DEAL_TABS)[number]

/** `?tab=activity`; an unknown tab is the default, analysis, which the URL leaves out. */
export const dealSearch = searchSchema({ tab: enumSearchParamOr(DEAL_TABS, 'analysis') })
