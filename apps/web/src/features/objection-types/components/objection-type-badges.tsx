import type { ObjectionType } from '@dealcoach/contracts/objections'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'

/** Where a type came from, whether an admin approved it, and (like pipelines) when it is off. */
export function ObjectionTypeBadges({ objectionType }: { objectionType: ObjectionType }) {
  const { t } = useTranslation('objection-types')
  const source = objectionType.source
  return (
    <>
      <Badge
        variant={source === 'user' ? 'outline' : source === 'framework' ? 'info' : 'secondary'}
      >
        {source === 'user'
          ? t('source.user')
          : source === 'framework'
            ? t('source.framework')
            : t('source.system')}
      </Badge>
      <Badge variant={objectionType.approved ? 'success' : 'warning'}>
        {objectionType.approved ? t('approval.approved') : t('approval.pending')}
      </Badge>
      {objectionType.active ? null : <Badge variant="secondary">{t('inactive')}</Badge>}
    </>
  )
}
