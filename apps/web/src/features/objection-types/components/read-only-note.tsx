import { Eye } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** Tells a member why the objection type pages have no editing controls. */
export function ReadOnlyNote() {
  const { t } = useTranslation('objection-types')
  return (
    <p className="flex items-center gap-2 rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-700">
      <Eye aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
      {t('read_only')}
    </p>
  )
}
