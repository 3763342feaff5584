import type { ObjectionType } from '@dealcoach/contracts/objections'
import { Link } from '@tanstack/react-router'
import { ChevronDown, Pencil } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { DeleteObjectionTypeDialog } from './delete-objection-type-dialog'
import { ObjectionTypeActiveSwitch } from './objection-type-active-switch'
import { ObjectionTypeApprovalButton } from './objection-type-approval-button'
import { ObjectionTypeBadges } from './objection-type-badges'
import { TypeObjectionsPanel } from './type-objections-panel'

/** One type: its name, description and badges, its controls, and the objections found under it. */
export function ObjectionTypeRow({
  objectionType,
  canEdit,
}: {
  objectionType: ObjectionType
  canEdit: boolean
}) {
  const { t } = useTranslation('objection-types')
  const [expanded, setExpanded] = useState(false)
  const panelId = useId()
  const name = objectionType.name

  return (
    <li
      data-slot="objection-type"
      className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-xs"
    >
      <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
        <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 text-base font-medium">
              <Link
                to="/configure/objections/$id/edit/"
                params={{ id: objectionType.id }}
                search={true}
                dir="auto"
                className="rounded-sm break-words text-gray-900 outline-none hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
              >
                {name}
              </Link>
            </h2>
            <ObjectionTypeBadges objectionType={objectionType} />
          </div>
          {objectionType.description ? (
            <p dir="auto" className="line-clamp-2 text-sm break-words text-gray-600">
              {objectionType.description}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <p className="text-xs text-gray-600">
              {t('example_count', { count: objectionType.examples.length })}
            </p>
            <Button
              type="button"
              variant="ghost"
              size="xs"
              className="-ms-1 text-gray-700"
              aria-expanded={expanded}
              aria-controls={expanded ? panelId : undefined}
              aria-label={t('objections.toggle_label', { name })}
              onClick={() => setExpanded(!expanded)}
            >
              <ChevronDown
                aria-hidden="true"
                className={cn('transition-transform', expanded && 'rotate-180')}
              />
              {t('objections.toggle')}
            </Button>
            {canEdit ? <ObjectionTypeApprovalButton objectionType={objectionType} /> : null}
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2">
          <ObjectionTypeActiveSwitch objectionType={objectionType} canEdit={canEdit} />
          {canEdit ? (
            <div className="flex items-center">
              <Button asChild variant="ghost" size="icon" className="text-gray-600">
                <Link
                  to="/configure/objections/$id/edit/"
                  params={{ id: objectionType.id }}
                  search={true}
                  aria-label={t('edit.open', { name })}
                >
                  <Pencil aria-hidden="true" />
                </Link>
              </Button>
              <DeleteObjectionTypeDialog objectionType={objectionType} />
            </div>
          ) : null}
        </div>
      </div>
      {expanded ? (
        <div className="border-t border-gray-100 pt-3">
          <TypeObjectionsPanel id={panelId} typeId={objectionType.id} />
        </div>
      ) : null}
    </li>
  )
}
