import type {
  CommonObjections,
  ObjectionHandlingStats,
} from '@dealcoach/contracts/objection-analysis'
import { useTranslation } from 'react-i18next'
import { ScrollTable } from '@/components/ui/scroll-table'
import {
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { cn } from '@/lib/cn'
import { formatPercent, heatClass } from '../lib/report-format'
import { RateCell } from './type-section'

type Rep = ObjectionHandlingStats['reps'][number]

/**
 * Per rep: objections met and the share handled, overall and per type, as a heat table (rep ×
 * type) so that a manager sees who needs coaching on which type. Each cell says its numbers too:
 * the colour only repeats them.
 */
export function RepTable({
  stats,
  types,
}: {
  stats: ObjectionHandlingStats
  /** The report's types, in its order (most raised first). */
  types: CommonObjections['types']
}) {
  const { t, i18n } = useTranslation('objections')
  const caption = t('report.reps.caption')
  const repName = (rep: Rep) => rep.owner?.name ?? t('report.reps.unassigned')

  if (stats.reps.length === 0) {
    return <p className="text-sm text-gray-600">{t('report.reps.empty')}</p>
  }
  return (
    <div className="flex flex-col gap-2">
      <ScrollTable label={caption}>
        <TableCaption className="caption-top text-start">{caption}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{t('report.reps.rep')}</TableHead>
            <TableHead scope="col" className="text-end">
              {t('report.reps.met')}
            </TableHead>
            <TableHead scope="col" className="text-end">
              {t('report.reps.handled_rate')}
            </TableHead>
            {types.map((type) => (
              <TableHead
                key={type.objection_type_id}
                scope="col"
                className="text-center whitespace-normal"
              >
                {type.name}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {stats.reps.map((rep) => (
            <TableRow key={rep.owner?.id ?? 'unassigned'}>
              <TableHead
                scope="row"
                className={cn('font-normal', rep.owner ? '' : 'text-gray-700 italic')}
              >
                {repName(rep)}
              </TableHead>
              <TableCell className="text-end tabular-nums">
                {rep.raised.toLocaleString(i18n.language)}
              </TableCell>
              <TableCell className="text-end tabular-nums">
                <RateCell rate={rep.handled_rate} />
              </TableCell>
              {types.map((type) => {
                const cell = rep.types.find(
                  (candidate) => candidate.objection_type_id === type.objection_type_id,
                )
                return (
                  <TableCell
                    key={type.objection_type_id}
                    className={cn(
                      'text-center tabular-nums',
                      cell ? heatClass(cell.handled_rate) : '',
                    )}
                  >
                    {cell && cell.handled_rate !== null ? (
                      t('report.reps.cell', {
                        rate: formatPercent(cell.handled_rate, i18n.language),
                        handled: cell.handled,
                        raised: cell.raised,
                      })
                    ) : (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">{t('report.reps.not_met')}</span>
                      </>
                    )}
                  </TableCell>
                )
              })}
            </TableRow>
          ))}
        </TableBody>
      </ScrollTable>
      <p className="text-xs text-gray-600">{t('report.reps.legend')}</p>
    </div>
  )
}
