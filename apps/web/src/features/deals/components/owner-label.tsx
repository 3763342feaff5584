import type { Deal } from '@/entities/deal/api/types'
import { useTranslation } from 'react-i18next'
import { ownerName } from '@/entities/deal/lib/deal-format'

/** A deal's owner by name, or "No owner": the same words on the board, in the table and the phone list. */
export function OwnerLabel({ owner }: { owner: Deal['owner'] }) {
  const { t } = useTranslation('deals')
  return <>{ownerName(owner) || t('board.no_owner')}</>
}
