import type * as React from 'react'
import { Columns3, Rows3 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'

export type OverviewView = 'board' | 'table'

/** Board or table: two pressed/unpressed buttons, so the choice reads as a state. */
export function ViewToggle({
  view,
  onChange,
}: {
  view: OverviewView
  onChange: (view: OverviewView) => void
}) {
  const { t } = useTranslation('deals')
  const option = (value: OverviewView, label: string, icon: React.ReactNode) => (
    <Button
      type="button"
      size="sm"
      variant={view === value ? 'default' : 'ghost'}
      aria-pressed={view === value}
      onClick={() => onChange(value)}
    >
      {icon}
      {label}
    </Button>
  )
  return (
    <div
      role="group"
      aria-label={t('board.view.label')}
      className="inline-flex gap-1 rounded-md border border-gray-200 bg-white p-0.5"
    >
      {option('board', t('board.view.board'), <Columns3 aria-hidden="true" />)}
      {option('table', t('board.view.table'), <Rows3 aria-hidden="true" />)}
    </div>
  )
}
