// The report's tabs apart from its filters (report-filters.ts): the router reads the tab in the URL
// on every page, and the sign-in page need not load the filters' date arithmetic for it.

export const REPORT_TABS = ['report', 'corrections'] as const
export type ReportTab = (typeof REPORT_TABS)[number]
