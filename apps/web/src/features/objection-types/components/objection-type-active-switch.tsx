import type { ObjectionType } from '@dealcoach/contracts/objections'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Switch } from '@/components/ui/switch'
import { notify } from '@/components/ui/toast'
import { useSetObjectionTypeActive } from '../api/set-objection-type-active'
import { serverMessage } from '../utils/server-message'

/** Whether Dealcoach looks for the type; flips at once and flips back if the server refuses. */
export function ObjectionTypeActiveSwitch({
  objectionType,
  canEdit,
}: {
  objectionType: ObjectionType
  canEdit: boolean
}) {
  const { t } = useTranslation('objection-types')
  const setActive = useSetObjectionTypeActive()
  const id = useId()
  const name = objectionType.name

  const onCheckedChange = (active: boolean) =>
    setActive.mutate(
      { id: objectionType.id, active },
      {
        onSuccess: (saved) =>
          notify.success(
            saved.active ? t('active.activated', { name }) : t('active.deactivated', { name }),
          ),
        onError: (error) => notify.error(serverMessage(error) ?? t('active.failed', { name })),
      },
    )

  return (
    <div className="flex items-center gap-2">
      <Switch
        id={id}
        checked={objectionType.active}
        disabled={!canEdit}
        aria-label={t('active.label', { name })}
        onCheckedChange={onCheckedChange}
      />
      <label htmlFor={id} className="text-sm text-gray-700" aria-hidden="true">
        {t('active.text')}
      </label>
    </div>
  )
}
