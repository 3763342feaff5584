import { type VariantProps } from 'class-variance-authority'
import * as React from 'react'
import { cn } from '@/lib/cn'
import { Button, type buttonVariants } from './button'

interface EmptyStateButtonAction {
  label: React.ReactNode
  onClick: () => void
  variant?: VariantProps<typeof buttonVariants>['variant']
}

/** A button described by label and handler, or a ready link element (styled as a button). */
type EmptyStateAction = EmptyStateButtonAction | React.ReactElement

type EmptyStateProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  /** A lucide icon or one of the line-art illustrations. */
  icon?: React.ReactNode
  title: React.ReactNode
  description?: React.ReactNode
  action?: EmptyStateAction
  /** The heading level of the title, so it fits the page outline. */
  headingLevel?: 2 | 3 | 4
}

function EmptyStateActionButton({ action }: { action: EmptyStateAction }) {
  if (React.isValidElement(action)) {
    return <Button asChild>{action}</Button>
  }
  return (
    <Button type="button" variant={action.variant ?? 'default'} onClick={action.onClick}>
      {action.label}
    </Button>
  )
}

function EmptyState({
  icon,
  title,
  description,
  action,
  headingLevel = 2,
  className,
  ...props
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const
  return (
    <div
      data-slot="empty-state"
      className={cn(
        'flex flex-col items-center justify-center gap-3 px-6 py-10 text-center',
        className,
      )}
      {...props}
    >
      {icon ? (
        <div
          data-slot="empty-state-icon"
          className="text-gray-400 [&>svg:not([class*='size-']):not([data-slot$='-illustration'])]:size-10"
        >
          {icon}
        </div>
      ) : null}
      <Heading data-slot="empty-state-title" className="text-lg font-semibold text-gray-900">
        {title}
      </Heading>
      {description ? (
        <p data-slot="empty-state-description" className="max-w-md text-sm text-gray-600">
          {description}
        </p>
      ) : null}
      {action ? (
        <div data-slot="empty-state-action" className="mt-2">
          <EmptyStateActionButton action={action} />
        </div>
      ) : null}
    </div>
  )
}

export { EmptyState }
export type { EmptyStateAction, EmptyStateProps }
