import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageNav } from '@/components/ui/page-nav'

interface ObjectionTypesPaginationProps {
  page: number
  pageSize: number
  total: number
}

/** "31–60 of 75" with previous and next links that keep the search in the URL. */
export function ObjectionTypesPagination({ page, pageSize, total }: ObjectionTypesPaginationProps) {
  const { t } = useTranslation('objection-types')
  if (total === 0) return null
  const from = Math.min((page - 1) * pageSize + 1, total)
  const to = Math.min(page * pageSize, total)
  return (
    <PageNav
      label={t('pagination.label')}
      summary={t('pagination.range', { from, to, total })}
      page={page}
      lastPage={Math.max(1, Math.ceil(total / pageSize))}
      previousLabel={t('pagination.previous')}
      nextLabel={t('pagination.next')}
      linkTo={(target, content) => (
        <Link
          to="/configure/objections/"
          search={(previous) => ({ ...previous, page: target === 1 ? undefined : target })}
        >
          {content}
        </Link>
      )}
    />
  )
}
