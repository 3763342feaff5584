import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** The way back to the list from the form pages. */
export function BackToObjectionTypes() {
  const { t } = useTranslation('objection-types')
  return (
    <Link
      to="/configure/objections/"
      search={true}
      // The list is where this leads, not where the user is.
      activeOptions={{ exact: true }}
      className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-brand-700 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {t('all_types')}
    </Link>
  )
}
