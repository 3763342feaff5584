import type { ImportBody } from '@dealcoach/contracts/imports'
import { Link } from '@tanstack/react-router'
import { ArrowLeft, Download, Upload } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { FormAlert } from '@/components/ui/form-alert'
import { ErrorIllustration } from '@/components/ui/illustrations'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate } from '@/lib/dates/format-date'
import {
  downloadImportReport,
  isImportMissing,
  useCommitImport,
  useImport,
} from '../api/imports-api'
import { commitError } from '../lib/import-errors'
import { importFailureMessage } from '../lib/import-report-messages'
import { ImportCounts } from './import-counts'
import { ImportMessageText } from './import-message-text'
import { ImportProblemsTable } from './import-problems-table'
import { ImportProgress } from './import-progress'
import { ImportStatusBadge } from './import-status-badge'
import { hasValuesToMap, ValueMappingPanel } from './value-mapping-panel'

/**
 * /imports/$importId: the dry run as it runs and once it is done (what would be created or
 * updated, the row report), the commit for admins, then its progress and what it did.
 */
export function ImportDetails({ importId, canEdit }: { importId: string; canEdit: boolean }) {
  const { t } = useTranslation('imports')
  const found = useImport(importId)
  if (found.isPending) return <DetailsSkeleton />
  if (found.isError && !found.data) {
    return isImportMissing(found.error) ? (
      <EmptyState
        role="alert"
        icon={<ErrorIllustration className="h-28 w-auto text-red-600" />}
        title={t('details.not_found')}
        action={<Link to="/imports/">{t('details.back')}</Link>}
      />
    ) : (
      <LoadError onRetry={() => void found.refetch()}>{t('details.load_failed')}</LoadError>
    )
  }
  return <ImportScreen found={found.data} canEdit={canEdit} />
}

function ImportScreen({ found, canEdit }: { found: ImportBody; canEdit: boolean }) {
  const { t, i18n } = useTranslation('imports')
  return (
    <div className="flex flex-col gap-6">
      <Button asChild variant="ghost" size="sm" className="self-start">
        <Link to="/imports/">
          <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
          {t('details.back')}
        </Link>
      </Button>
      <PageHeader
        title={found.file_name}
        description={t('details.description', {
          kind: t(`kind.${found.kind}`),
          date: formatDate(found.created_at, 'withTime', i18n.language),
        })}
        actions={<ImportStatusBadge status={found.status} />}
      />
      <StatusSection found={found} canEdit={canEdit} />
      {hasReport(found) ? (
        <ReportSection
          found={found}
          canMatchValues={canEdit && found.status === 'validated' && hasValuesToMap(found)}
        />
      ) : null}
    </div>
  )
}

/**
 * Whether the row report has anything to say: not while the rows are checked, nor while they are
 * written before a problem turns up (the commit checks every row again as it writes, so its report
 * grows with the progress bar), nor after a failure that found no row at fault (a file that is not
 * valid CSV was never read row by row). In each, "no problems found" would mislead.
 */
function hasReport(found: ImportBody): boolean {
  if (found.status === 'validating') return false
  const inProgressOrFailed = found.status === 'importing' || found.status === 'failed'
  return !(inProgressOrFailed && found.problem_count === 0)
}

function StatusSection({ found, canEdit }: { found: ImportBody; canEdit: boolean }) {
  const { t } = useTranslation('imports')
  const { status, progress } = found
  if (status === 'validating') {
    return (
      <ImportProgress
        label={t('progress.validating')}
        rowsDone={progress.rows_done}
        rowsTotal={progress.rows_total}
      />
    )
  }
  if (status === 'failed') {
    // A commit stops part-way: the rows before the failure are written.
    const written = found.result.create + found.result.update
    return (
      <div className="flex flex-col gap-2" role="alert">
        <h2 className="text-base font-semibold text-red-800">{t('details.failed')}</h2>
        {found.error ? (
          <p className="text-sm text-red-800">
            <ImportMessageText message={importFailureMessage(found.error)} />
          </p>
        ) : null}
        <p className="text-sm text-gray-700">
          {written > 0
            ? t('details.failed_help_partial', { count: written })
            : t('details.failed_help')}
        </p>
      </div>
    )
  }
  if (status === 'validated') return <ValidatedSection found={found} canEdit={canEdit} />
  return (
    <div className="flex flex-col gap-4">
      {status === 'importing' ? (
        <ImportProgress
          label={t('progress.importing')}
          rowsDone={progress.rows_done}
          rowsTotal={progress.rows_total}
        />
      ) : (
        <p className="text-sm text-emerald-800" role="status">
          {t('details.done')}
        </p>
      )}
      <ImportCounts counts={found.result} phase="result" label={t('counts.result.title')} />
      {status === 'done' ? <DoneLinks found={found} /> : null}
    </div>
  )
}

/** The dry run's counts; for an admin, the values to map and the commit. */
function ValidatedSection({ found, canEdit }: { found: ImportBody; canEdit: boolean }) {
  const { t } = useTranslation('imports')
  const [valuesDirty, setValuesDirty] = useState(false)
  return (
    <div className="flex flex-col gap-4">
      <ImportCounts counts={found.dry_run} phase="dry_run" label={t('counts.dry_run.title')} />
      {canEdit && hasValuesToMap(found) ? (
        <ValueMappingPanel found={found} onDirtyChange={setValuesDirty} />
      ) : null}
      {canEdit ? (
        <CommitPanel found={found} waitForValues={valuesDirty} />
      ) : (
        <p className="text-sm text-gray-700">{t('details.member_note')}</p>
      )}
    </div>
  )
}

function CommitPanel({ found, waitForValues }: { found: ImportBody; waitForValues: boolean }) {
  const { t, i18n } = useTranslation('imports')
  const commit = useCommitImport(found.id)
  const rows = found.dry_run.create + found.dry_run.update
  const refused = commit.error ? commitError(commit.error) : undefined
  const help = waitForValues
    ? 'commit.values_first'
    : rows > 0
      ? 'commit.help'
      : hasValuesToMap(found)
        ? 'commit.nothing_values'
        : 'commit.nothing'
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4">
      <p className="text-sm text-gray-700">{t(help)}</p>
      {refused ? <FormAlert>{t(refused.key, refused.values)}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          disabled={rows === 0 || waitForValues || commit.isPending}
          onClick={() => commit.mutate()}
        >
          <Upload aria-hidden="true" />
          {commit.isPending
            ? t('commit.pending')
            : t('commit.button', { count: rows, formatted: rows.toLocaleString(i18n.language) })}
        </Button>
        <Button asChild variant="outline">
          <Link to="/imports/new/">{t('commit.another')}</Link>
        </Button>
      </div>
    </div>
  )
}

function DoneLinks({ found }: { found: ImportBody }) {
  const { t } = useTranslation('imports')
  return (
    <div className="flex flex-wrap gap-2">
      {found.kind === 'contacts' ? null : (
        <Button asChild>
          {/* The pipeline the deals went into (the first deal's, when they span several), not
              whichever is current, as a table of its newest deals: on the board, deals with no
              calls yet come last in their stages, out of sight in a busy pipeline. An import
              that wrote none has no pipeline to open. */}
          <Link
            to="/pipeline-overview/"
            search={
              found.pipeline_id
                ? { pipeline: found.pipeline_id, view: 'table', sort: '-created_at' }
                : undefined
            }
          >
            {t('details.see_deals')}
          </Link>
        </Button>
      )}
      <Button asChild variant="outline">
        <Link to="/imports/">{t('details.all_imports')}</Link>
      </Button>
    </div>
  )
}

/** `canMatchValues`: the panel to match stage names is on the page, so the report may point to it. */
function ReportSection({ found, canMatchValues }: { found: ImportBody; canMatchValues: boolean }) {
  const { t } = useTranslation('imports')
  const [downloadFailed, setDownloadFailed] = useState(false)
  const download = () => {
    setDownloadFailed(false)
    downloadImportReport(found.id).catch(() => setDownloadFailed(true))
  }
  return (
    <section aria-labelledby="import-report" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="import-report" className="text-base font-semibold text-gray-900">
          {t('report.title')}
        </h2>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          <Download aria-hidden="true" />
          {t('report.download')}
        </Button>
      </div>
      {downloadFailed ? <FormAlert>{t('report.download_failed')}</FormAlert> : null}
      <ImportProblemsTable
        problems={found.problems}
        total={found.problem_count}
        canMatchValues={canMatchValues}
      />
    </section>
  )
}

function DetailsSkeleton() {
  const { t } = useTranslation('imports')
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">{t('details.loading')}</span>
      <Skeleton className="h-8 w-64 max-w-full" />
      <Skeleton className="h-4 w-96 max-w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  )
}
