import type { ImportStatus } from '@dealcoach/contracts/imports'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'

const VARIANTS = {
  validating: 'info',
  validated: 'warning',
  importing: 'info',
  done: 'success',
  failed: 'danger',
} as const satisfies Record<ImportStatus, string>

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  const { t } = useTranslation('imports')
  return <Badge variant={VARIANTS[status]}>{t(`status.${status}`)}</Badge>
}
