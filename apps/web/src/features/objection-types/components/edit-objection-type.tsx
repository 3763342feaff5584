import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorIllustration, NotFoundIllustration } from '@/components/ui/illustrations'
import { Skeleton } from '@/components/ui/skeleton'
import { isObjectionTypeMissing, useObjectionType } from '../api/get-objection-type'
import { BackToObjectionTypes } from './back-to-objection-types'
import { ObjectionTypeBadges } from './objection-type-badges'
import { ObjectionTypeForm } from './objection-type-form'
import { ReadOnlyNote } from './read-only-note'
import { TypeObjectionsPanel } from './type-objections-panel'

/** /configure/objections/{id}/edit: the type's form (read-only for members) and its objections. */
export function EditObjectionType({ id, canEdit }: { id: string; canEdit: boolean }) {
  const { t } = useTranslation('objection-types')
  const objectionType = useObjectionType(id)
  const objectionsHeadingId = useId()

  if (objectionType.isPending) {
    return (
      <div className="flex flex-col gap-6">
        <BackToObjectionTypes />
        <PageHeader title={t('edit.title')} />
        <div role="status" className="flex max-w-3xl flex-col gap-4">
          <span className="sr-only">{t('edit.loading')}</span>
          <Skeleton className="h-9" />
          <Skeleton className="h-24" />
          <Skeleton className="h-32" />
        </div>
      </div>
    )
  }

  if (objectionType.isError) {
    const missing = isObjectionTypeMissing(objectionType.error)
    return (
      <div className="flex flex-col gap-6">
        <BackToObjectionTypes />
        <PageHeader title={missing ? t('edit.not_found_title') : t('edit.title')} />
        <EmptyState
          role={missing ? undefined : 'alert'}
          className="rounded-xl border border-dashed border-gray-300 bg-white"
          icon={
            missing ? (
              <NotFoundIllustration className="h-28 w-auto text-brand-600" />
            ) : (
              <ErrorIllustration className="h-28 w-auto text-red-600" />
            )
          }
          title={missing ? t('edit.not_found_heading') : t('edit.load_failed')}
          description={missing ? t('edit.not_found_description') : undefined}
          action={
            missing ? (
              <Link to="/configure/objections/" search={true} activeOptions={{ exact: true }}>
                {t('all_types')}
              </Link>
            ) : (
              { label: t('retry'), onClick: () => void objectionType.refetch() }
            )
          }
        />
      </div>
    )
  }

  const type = objectionType.data
  return (
    <div className="flex flex-col gap-6">
      <BackToObjectionTypes />
      <PageHeader
        title={type.name}
        description={canEdit ? t('edit.description') : t('edit.description_member')}
      />
      <div className="-mt-3 flex flex-wrap gap-2">
        <ObjectionTypeBadges objectionType={type} />
      </div>
      {!canEdit ? (
        <div className="max-w-3xl">
          <ReadOnlyNote />
        </div>
      ) : null}
      <ObjectionTypeForm objectionType={type} canEdit={canEdit} />
      <section aria-labelledby={objectionsHeadingId} className="flex max-w-3xl flex-col gap-3">
        <h2 id={objectionsHeadingId} className="text-lg font-semibold text-gray-900">
          {t('objections.title')}
        </h2>
        <TypeObjectionsPanel typeId={type.id} />
      </section>
    </div>
  )
}
