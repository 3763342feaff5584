import type { ObjectionType } from '@dealcoach/contracts/objections'
import { BadgeCheck, Undo2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { notify } from '@/components/ui/toast'
import { useServerErrorText } from '@/lib/use-server-errors'
import { useSetObjectionTypeApproval } from '../api/set-objection-type-approval'

/** Approves a type an admin has checked, or withdraws that approval. Admins only. */
export function ObjectionTypeApprovalButton({ objectionType }: { objectionType: ObjectionType }) {
  const { t } = useTranslation('objection-types')
  const errorText = useServerErrorText()
  const setApproval = useSetObjectionTypeApproval()
  const { name, approved } = objectionType

  const toggle = () =>
    setApproval.mutate(
      { id: objectionType.id, approved: !approved },
      {
        onSuccess: (saved) =>
          notify.success(
            saved.approved
              ? t('approval.approved_toast', { name })
              : t('approval.withdrawn_toast', { name }),
          ),
        onError: (error) => notify.error(errorText(error, {}, t('approval.failed', { name }))),
      },
    )

  return (
    <Button
      type="button"
      size="xs"
      variant={approved ? 'ghost' : 'outline'}
      className={approved ? 'text-gray-700' : undefined}
      disabled={setApproval.isPending}
      aria-label={
        approved ? t('approval.withdraw_label', { name }) : t('approval.approve_label', { name })
      }
      onClick={toggle}
    >
      {approved ? <Undo2 aria-hidden="true" /> : <BadgeCheck aria-hidden="true" />}
      {approved ? t('approval.withdraw') : t('approval.approve')}
    </Button>
  )
}
