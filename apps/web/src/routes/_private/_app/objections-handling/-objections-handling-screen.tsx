import type { ObjectionAnalysis } from '@dealcoach/contracts/objection-analysis'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import type { EngagementSummary } from '@/entities/deal/api/types'
import { AnalysisProgressBanner } from '@/features/analysis/components/analysis-progress-banner'
import { EngagementDialog } from '@/features/engagements/components/engagement-dialog'
import { ObjectionReportScreen } from '@/features/objection-report/components/objection-report-screen'
import type { RenderTranscript } from '@/features/objection-report/components/quote-card'
import type { ReportSearch } from '@/features/objection-report/lib/report-filters'

// Kept out of the route file: what a route file exports is bundled with the route tree, which
// every page loads, so the report's charts would load on the login page too.

/** The call or e-mail of an objection, as the engagement dialog reads it. */
function engagementOf(objection: ObjectionAnalysis): EngagementSummary {
  return {
    id: objection.engagement.id,
    deal_id: objection.deal.id,
    type: objection.engagement.type,
    name: objection.engagement.name,
    occurred_at: objection.engagement.occurred_at,
    direction: null,
    participants: [],
    people: [],
    source_file_name: null,
    utterance_count: 0,
    created_at: objection.engagement.occurred_at,
  }
}

/** "Open in transcript": the engagement with the objection's sentence marked. */
export const renderTranscript: RenderTranscript = ({ objection, trigger }) => (
  <EngagementDialog
    engagement={engagementOf(objection)}
    quotes={[objection.text]}
    trigger={trigger}
  />
)

/** The report as the app routes it: the URL's filters in, changes written back in place. */
export function ObjectionsHandlingScreen({
  search,
  writeSearch,
}: {
  search: ReportSearch
  writeSearch: (next: ReportSearch) => void
}) {
  const { t } = useTranslation('objections')
  return (
    <>
      <PageHeader title={t('handling.title')} description={t('handling.description')} />
      {/* The counts grow while deals are analysed in the background: the page says so. */}
      <AnalysisProgressBanner />
      <ObjectionReportScreen
        search={search}
        writeSearch={writeSearch}
        renderTranscript={renderTranscript}
        reviewTypes={<Link to="/configure/objections/">{t('handling.review_types')}</Link>}
      />
    </>
  )
}
