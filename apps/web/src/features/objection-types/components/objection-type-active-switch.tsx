import type { ObjectionType } from '@dealcoach/contracts/objections'
import { useTranslation } from 'react-i18next'
import { SwitchWithText } from '@/components/ui/switch'
import { notify } from '@/components/ui/toast'
import { useServerErrorText } from '@/lib/use-server-errors'
import { useSetObjectionTypeActive } from '../api/set-objection-type-active'

/** Whether Dealcoach looks for the type; flips at once and flips back if the server refuses. */
export function ObjectionTypeActiveSwitch({
  objectionType,
  canEdit,
}: {
  objectionType: ObjectionType
  canEdit: boolean
}) {
  const { t } = useTranslation('objection-types')
  const errorText = useServerErrorText()
  const setActive = useSetObjectionTypeActive()
  const name = objectionType.name

  const onCheckedChange = (active: boolean) =>
    setActive.mutate(
      { id: objectionType.id, active },
      {
        onSuccess: (saved) =>
          notify.success(
            saved.active ? t('active.activated', { name }) : t('active.deactivated', { name }),
          ),
        onError: (error) => notify.error(errorText(error, {}, t('active.failed', { name }))),
      },
    )

  return (
    <SwitchWithText
      text={t('active.text')}
      offText={t('active.off_text')}
      checked={objectionType.active}
      disabled={!canEdit}
      aria-label={t('active.label', { name })}
      onCheckedChange={onCheckedChange}
    />
  )
}
