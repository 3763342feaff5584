import type { ImportBody } from '@dealcoach/contracts/imports'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { rowProblemMessage } from '../lib/import-report-messages'
import { ImportMessageText } from './import-message-text'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'

/**
 * The row report: which row, which column and what is wrong, said in the reader's language from
 * each problem's code and the values it names (the downloaded report keeps the server's English).
 */
export function ImportProblemsTable({
  problems,
  total,
  canMatchValues,
}: {
  problems: ImportBody['problems']
  total: number
  /** Whether the panel to match stage names is shown above, for the report to point to it. */
  canMatchValues: boolean
}) {
  const { t, i18n } = useTranslation('imports')
  if (problems.length === 0) {
    return <p className="text-sm text-gray-600">{t('report.none')}</p>
  }
  return (
    <Table aria-label={t('report.title')}>
      <TableCaption>
        {total > problems.length
          ? `${t('report.first', {
              shown: problems.length.toLocaleString(i18n.language),
              total: total.toLocaleString(i18n.language),
            })} `
          : null}
        {t('report.row_counting')}
      </TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>{t('report.row')}</TableHead>
          <TableHead>{t('report.column')}</TableHead>
          <TableHead>{t('report.severity')}</TableHead>
          <TableHead>{t('report.message')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {problems.map((problem, index) => (
          <TableRow key={`${problem.row}-${problem.column ?? ''}-${index}`}>
            <TableCell className="tabular-nums">{problem.row}</TableCell>
            <TableCell>{problem.column ?? t('report.whole_row')}</TableCell>
            <TableCell>
              <Badge variant={problem.severity === 'error' ? 'danger' : 'warning'}>
                {t(`report.${problem.severity}`)}
              </Badge>
            </TableCell>
            <TableCell className="whitespace-normal">
              <ImportMessageText message={rowProblemMessage(problem, { canMatchValues })} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
