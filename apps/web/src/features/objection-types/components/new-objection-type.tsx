import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import { BackToObjectionTypes } from './back-to-objection-types'
import { ObjectionTypeForm } from './objection-type-form'

/** /configure/objections/new: the form for admins; members are told who adds types. */
export function NewObjectionType({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('objection-types')
  return (
    <div className="flex flex-col gap-6">
      <BackToObjectionTypes />
      <PageHeader title={t('new.title')} description={t('new.description')} />
      {canEdit ? (
        <ObjectionTypeForm canEdit />
      ) : (
        <EmptyState
          className="rounded-xl border border-dashed border-gray-300 bg-white"
          icon={<EmptyIllustration className="h-28 w-auto text-brand-600" />}
          title={t('new.admins_only_title')}
          description={t('new.admins_only_description')}
          action={
            <Link to="/configure/objections/" search={true} activeOptions={{ exact: true }}>
              {t('all_types')}
            </Link>
          }
        />
      )}
    </div>
  )
}
