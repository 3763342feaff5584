import type { ConfidenceStats } from '@dealcoach/contracts/deal-stats'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { type ChartConfig, ChartFrame } from '@/components/ui/chart-frame'
import { PERCENT_SCALE, StackedBarColumns } from '@/components/ui/stacked-bar-columns'
import {
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { ScrollTable } from '@/components/ui/scroll-table'
import { useConfidenceExplanations } from '@/entities/deal/lib/confidence-explanations'
import { formatDate } from '@/lib/dates/format-date'

/** How many of the deals most at risk the page lists. */
export const AT_RISK_SHOWN = 8

const band = (entry: { from: number; to: number }) => `${entry.from}–${entry.to}`

/** Low confidence reads red, middling amber, high green. */
function bandColour(from: number): string {
  if (from < 40) return '#dc2626'
  if (from < 70) return '#d97706'
  return '#059669'
}

/** A win rate as a whole percentage, '–' where no deal has closed; one formatter per table. */
function percentFormat(locale: string): (value: number | null) => string {
  const format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 })
  return (value) => (value === null ? '–' : format.format(value))
}

/** Confidence across the filtered deals: its spread, the deals most at risk, and its calibration. */
export function ConfidenceSection({ stats }: { stats: ConfidenceStats }) {
  const { t, i18n } = useTranslation('dashboard')
  const locale = i18n.language
  const average = stats.average_confidence === null ? null : Math.round(stats.average_confidence)

  return (
    <section aria-labelledby="confidence-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="confidence-heading" className="text-lg font-semibold text-gray-900">
          {t('confidence.title')}
        </h2>
        <p className="text-sm text-gray-600">
          {average === null
            ? t('confidence.summary_none', { total: stats.total_deals })
            : t('confidence.summary', {
                analysed: stats.analysed_deals,
                total: stats.total_deals,
                average,
              })}
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Distribution stats={stats} />
        <Calibration stats={stats} locale={locale} />
      </div>
      <AtRisk stats={stats} locale={locale} />
    </section>
  )
}

function Distribution({ stats }: { stats: ConfidenceStats }) {
  const { t } = useTranslation('dashboard')
  const config: ChartConfig = { count: { label: t('confidence.deals'), color: '#4f46e5' } }
  const data = stats.distribution.map((entry) => ({ ...entry, band: band(entry) }))
  return (
    // min-w-0: a grid item, else its wide table widens the page instead of scrolling.
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h3>{t('confidence.distribution_title')}</h3>
        </CardTitle>
        <CardDescription>{t('confidence.distribution_description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ChartFrame
          config={config}
          label={t('confidence.distribution_label', { count: stats.analysed_deals })}
          className="h-56"
        >
          <StackedBarColumns
            columns={data.map((entry) => ({
              key: String(entry.from),
              label: entry.band,
              values: { count: entry.count },
              colour: bandColour(entry.from),
            }))}
            axisWidth={28}
          />
        </ChartFrame>
        <ScrollTable label={t('confidence.distribution_caption')} className="text-xs">
          <TableCaption className="sr-only">{t('confidence.distribution_caption')}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead scope="row">{t('confidence.band')}</TableHead>
              {data.map((entry) => (
                // Ten bands beside the row headers fit a half-width card at 1366 px only when a
                // band may break after its dash ("10–" over "19"); narrower, the table scrolls.
                <TableHead
                  key={entry.from}
                  scope="col"
                  className="px-1 text-end leading-tight whitespace-normal tabular-nums"
                >
                  {entry.from}–<wbr />
                  {entry.to}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableRow>
              <TableHead scope="row">{t('confidence.deals')}</TableHead>
              {data.map((entry) => (
                <TableCell key={entry.from} className="px-1 text-end tabular-nums">
                  {entry.count}
                </TableCell>
              ))}
            </TableRow>
          </TableBody>
        </ScrollTable>
      </CardContent>
    </Card>
  )
}

function Calibration({ stats, locale }: { stats: ConfidenceStats; locale: string }) {
  const { t } = useTranslation('dashboard')
  const closed = stats.calibration.filter((entry) => entry.won + entry.lost > 0)
  const percent = percentFormat(locale)
  const config: ChartConfig = { rate: { label: t('confidence.win_rate'), color: '#059669' } }
  const data = stats.calibration.map((entry) => ({
    band: band(entry),
    from: entry.from,
    rate: entry.win_rate === null ? 0 : Math.round(entry.win_rate * 100),
  }))
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h3>{t('confidence.calibration_title')}</h3>
        </CardTitle>
        <CardDescription>{t('confidence.calibration_description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {closed.length === 0 ? (
          <p className="text-sm text-gray-600">{t('confidence.calibration_empty')}</p>
        ) : (
          <>
            <ChartFrame
              config={config}
              label={t('confidence.calibration_label', { count: closed.length })}
              className="h-56"
            >
              <StackedBarColumns
                columns={data.map((entry) => ({
                  key: String(entry.from),
                  label: entry.band,
                  values: { rate: entry.rate },
                }))}
                scale={PERCENT_SCALE}
                axisWidth={44}
              />
            </ChartFrame>
            <ScrollTable label={t('confidence.calibration_caption')}>
              <TableCaption className="sr-only">{t('confidence.calibration_caption')}</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">{t('confidence.band')}</TableHead>
                  <TableHead scope="col" className="text-end">
                    {t('confidence.won')}
                  </TableHead>
                  <TableHead scope="col" className="text-end">
                    {t('confidence.lost')}
                  </TableHead>
                  <TableHead scope="col" className="text-end">
                    {t('confidence.win_rate')}
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {closed.map((entry) => (
                  <TableRow key={entry.from}>
                    <TableHead scope="row" className="font-normal">
                      {band(entry)}
                    </TableHead>
                    <TableCell className="text-end tabular-nums">{entry.won}</TableCell>
                    <TableCell className="text-end tabular-nums">{entry.lost}</TableCell>
                    <TableCell className="text-end tabular-nums">
                      {percent(entry.win_rate)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </ScrollTable>
          </>
        )}
      </CardContent>
    </Card>
  )
}

function AtRisk({ stats, locale }: { stats: ConfidenceStats; locale: string }) {
  const { t } = useTranslation('dashboard')
  const { factorText, factorDir } = useConfidenceExplanations()
  const signed = new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' })
  const deals = stats.at_risk.slice(0, AT_RISK_SHOWN)
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>{t('confidence.at_risk_title')}</h3>
        </CardTitle>
        <CardDescription>{t('confidence.at_risk_description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {deals.length === 0 ? (
          <p className="text-sm text-gray-600">{t('confidence.at_risk_empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-gray-100">
            {deals.map((deal) => (
              <li
                key={deal.deal_id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start"
              >
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <Link
                    to="/deals/$dealId/"
                    params={{ dealId: deal.deal_id }}
                    className="w-fit rounded font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
                  >
                    {deal.name}
                  </Link>
                  <span className="text-xs text-gray-600">
                    {t('confidence.close_date', {
                      date: formatDate(deal.close_date, 'closeDate', locale),
                    })}
                  </span>
                  {deal.top_factors.length > 0 ? (
                    <ul
                      aria-label={t('confidence.factors_label', { deal: deal.name })}
                      className="flex flex-col gap-0.5 text-sm text-gray-700"
                    >
                      {deal.top_factors.map((factor) => (
                        <li key={factor.name} className="flex items-start gap-2">
                          <span className="w-9 shrink-0 font-medium text-red-700 tabular-nums">
                            {signed.format(Math.round(factor.effect))}
                          </span>
                          <span dir={factorDir(factor)} className="min-w-0 flex-1 break-words">
                            {factorText(factor)}
                          </span>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
                <Badge variant={deal.confidence < 40 ? 'danger' : 'warning'} className="sm:ms-auto">
                  {t('confidence.value', { value: deal.confidence })}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
