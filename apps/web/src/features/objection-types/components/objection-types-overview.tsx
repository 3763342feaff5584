import { Link, useNavigate } from '@tanstack/react-router'
import { Plus } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration, ErrorIllustration } from '@/components/ui/illustrations'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import { OBJECTION_TYPES_PAGE_SIZE, useObjectionTypes } from '../api/list-objection-types'
import { AddFrameworkObjectionTypesButton } from './add-framework-objection-types-button'
import { ObjectionTypeRow } from './objection-type-row'
import { ObjectionTypesPagination } from './objection-types-pagination'
import { ObjectionTypesSearch } from './objection-types-search'
import { ReadOnlyNote } from './read-only-note'

interface ObjectionTypesOverviewProps {
  /** From the URL: the page (from 1) and the optional search text. */
  page: number
  search: string | undefined
  canEdit: boolean
}

/** /configure/objections/: the organisation's objection types, 30 to a page, searchable. */
export function ObjectionTypesOverview({ page, search, canEdit }: ObjectionTypesOverviewProps) {
  const { t } = useTranslation('objection-types')
  const navigate = useNavigate()
  const types = useObjectionTypes({ page, search })
  const total = types.data?.pagination.total ?? 0
  const lastPage = Math.max(1, Math.ceil(total / OBJECTION_TYPES_PAGE_SIZE))

  const setSearch = (next: string | undefined) =>
    void navigate({
      to: '/configure/objections/',
      // A new search starts from its first page.
      search: (previous) => ({ ...previous, search: next, page: undefined }),
      replace: true,
    })

  // Past the last page (after deletions, or an edited URL): go to the last page that has types.
  const pastTheEnd =
    types.isSuccess && !types.isPlaceholderData && page > lastPage && types.data.models.length === 0
  useEffect(() => {
    if (!pastTheEnd) return
    void navigate({
      to: '/configure/objections/',
      search: (previous) => ({ ...previous, page: lastPage === 1 ? undefined : lastPage }),
      replace: true,
    })
  }, [pastTheEnd, lastPage, navigate])

  const newTypeLink = (
    <Link to="/configure/objections/new/" search={true}>
      <Plus aria-hidden="true" />
      {t('list.new')}
    </Link>
  )

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={canEdit ? <Button asChild>{newTypeLink}</Button> : null}
      />
      {!canEdit ? <ReadOnlyNote /> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ObjectionTypesSearch search={search} onSearch={setSearch} />
        {canEdit ? <AddFrameworkObjectionTypesButton /> : null}
      </div>
      {types.isPending ? (
        <ObjectionTypesSkeleton />
      ) : types.isError && !types.data ? (
        <EmptyState
          role="alert"
          icon={<ErrorIllustration className="h-28 w-auto text-red-600" />}
          title={t('list.load_failed')}
          action={{ label: t('retry'), onClick: () => void types.refetch() }}
        />
      ) : types.data.models.length === 0 ? (
        search ? (
          <EmptyState
            className="rounded-xl border border-dashed border-gray-300 bg-white"
            icon={<EmptyIllustration className="h-28 w-auto text-brand-600" />}
            title={t('list.no_match_title', { search })}
            description={t('list.no_match_description')}
            action={{ label: t('list.clear_search'), onClick: () => setSearch(undefined) }}
          />
        ) : pastTheEnd ? (
          <ObjectionTypesSkeleton />
        ) : (
          <EmptyState
            className="rounded-xl border border-dashed border-gray-300 bg-white"
            icon={<EmptyIllustration className="h-28 w-auto text-brand-600" />}
            title={t('list.empty_title')}
            description={canEdit ? t('list.empty_description') : t('list.empty_description_member')}
            action={canEdit ? newTypeLink : undefined}
          />
        )
      ) : (
        <>
          <ul
            aria-label={t('list.title')}
            aria-busy={types.isPlaceholderData || undefined}
            className={cn(
              'flex flex-col gap-3 transition-opacity',
              types.isPlaceholderData && 'opacity-60',
            )}
          >
            {types.data.models.map((objectionType) => (
              <ObjectionTypeRow
                key={objectionType.id}
                objectionType={objectionType}
                canEdit={canEdit}
              />
            ))}
          </ul>
          <ObjectionTypesPagination
            page={types.data.pagination.page}
            pageSize={types.data.pagination.page_size}
            total={total}
          />
        </>
      )}
    </div>
  )
}

function ObjectionTypesSkeleton() {
  const { t } = useTranslation('objection-types')
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">{t('list.loading')}</span>
      {[0, 1, 2, 3].map((row) => (
        <div
          key={row}
          className="flex items-center gap-4 rounded-xl border border-gray-200 bg-white p-4"
        >
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-48 max-w-full" />
            <Skeleton className="h-4 w-full max-w-md" />
            <Skeleton className="h-3 w-20" />
          </div>
          <Skeleton className="h-5 w-9 rounded-full" />
        </div>
      ))}
    </div>
  )
}
