import type { ImportSummary } from '@dealcoach/contracts/imports'
import { Link } from '@tanstack/react-router'
import { Eye, Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration, ErrorIllustration } from '@/components/ui/illustrations'
import { PageNav } from '@/components/ui/page-nav'
import { Skeleton } from '@/components/ui/skeleton'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { cn } from '@/lib/cn'
import { formatDate } from '@/lib/dates/format-date'
import { useImports } from '../api/imports-api'
import { ImportStatusBadge } from './import-status-badge'

/** /imports/: the organisation's imports, newest first; admins start new ones from here. */
export function ImportsOverview({ page, canEdit }: { page: number; canEdit: boolean }) {
  const { t } = useTranslation('imports')
  const imports = useImports(page)

  const newImportLink = (
    <Link to="/imports/new/">
      <Plus aria-hidden="true" />
      {t('list.new')}
    </Link>
  )

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={canEdit ? <Button asChild>{newImportLink}</Button> : null}
      />
      {!canEdit ? (
        <p className="flex items-center gap-2 rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-700">
          <Eye aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
          {t('list.read_only')}
        </p>
      ) : null}
      {imports.isPending ? (
        <ListSkeleton />
      ) : imports.isError && !imports.data ? (
        <EmptyState
          role="alert"
          icon={<ErrorIllustration className="h-28 w-auto text-red-600" />}
          title={t('list.load_failed')}
          action={{ label: t('list.retry'), onClick: () => void imports.refetch() }}
        />
      ) : imports.data.models.length === 0 && page === 1 ? (
        <EmptyState
          className="rounded-xl border border-dashed border-gray-300 bg-white"
          icon={<EmptyIllustration className="h-28 w-auto text-brand-600" />}
          title={t('list.empty_title')}
          description={canEdit ? t('list.empty_description') : t('list.empty_description_member')}
          action={canEdit ? newImportLink : undefined}
        />
      ) : (
        <>
          <div
            aria-busy={imports.isPlaceholderData || undefined}
            className={cn(
              'rounded-xl border border-gray-200 bg-white transition-opacity',
              imports.isPlaceholderData && 'opacity-60',
            )}
          >
            <ImportsTable rows={imports.data.models} />
          </div>
          <Pagination
            page={imports.data.pagination.page}
            pageSize={imports.data.pagination.page_size}
            total={imports.data.pagination.total}
          />
        </>
      )}
    </div>
  )
}

function ImportsTable({ rows }: { rows: readonly ImportSummary[] }) {
  const { t, i18n } = useTranslation('imports')
  return (
    <Table aria-label={t('list.title')}>
      <TableHeader>
        <TableRow>
          <TableHead>{t('list.file')}</TableHead>
          <TableHead>{t('list.kind')}</TableHead>
          <TableHead>{t('list.status')}</TableHead>
          <TableHead>{t('list.rows')}</TableHead>
          <TableHead>{t('list.date')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="max-w-64 truncate">
              <Link
                to="/imports/$importId/"
                params={{ importId: row.id }}
                className="font-medium text-brand-700 hover:underline"
              >
                {row.file_name}
              </Link>
            </TableCell>
            <TableCell>{t(`kind.${row.kind}`)}</TableCell>
            <TableCell>
              <ImportStatusBadge status={row.status} />
            </TableCell>
            <TableCell className="text-gray-700 tabular-nums">
              <RowCounts row={row} />
            </TableCell>
            <TableCell className="text-gray-700">
              {formatDate(row.created_at, 'short', i18n.language)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/** What the dry run foresees until the commit starts; what the commit did from then on. */
function RowCounts({ row }: { row: ImportSummary }) {
  const { t, i18n } = useTranslation('imports')
  const n = (value: number) => value.toLocaleString(i18n.language)
  if (row.status === 'validating' || row.status === 'failed') {
    return row.progress.rows_total === null ? '–' : n(row.progress.rows_total)
  }
  const committed = row.status === 'importing' || row.status === 'done'
  const counts = committed ? row.result : row.dry_run
  return t(committed ? 'list.counts_result' : 'list.counts_dry_run', {
    create: n(counts.create),
    update: n(counts.update),
    error: n(counts.error),
  })
}

function Pagination({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const { t } = useTranslation('imports')
  const lastPage = Math.max(1, Math.ceil(total / pageSize))
  if (lastPage === 1) return null
  return (
    <PageNav
      label={t('list.pagination')}
      summary={t('list.page', { page, last: lastPage })}
      page={page}
      lastPage={lastPage}
      previousLabel={t('list.previous')}
      nextLabel={t('list.next')}
      linkTo={(target, content) => (
        <Link to="/imports/" search={{ page: target === 1 ? undefined : target }}>
          {content}
        </Link>
      )}
    />
  )
}

function ListSkeleton() {
  const { t } = useTranslation('imports')
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">{t('list.loading')}</span>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-10 w-full" />
      ))}
    </div>
  )
}
