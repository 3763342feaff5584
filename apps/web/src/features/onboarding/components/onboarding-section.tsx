import type * as React from 'react'
import { useId } from 'react'
import { cn } from '@/lib/cn'

interface OnboardingSectionProps {
  title: string
  description: React.ReactNode
  /** A second line under the description, e.g. when the answers were last sent. */
  note?: React.ReactNode
  /** The heading's id, when the content also refers to it (aria-labelledby); generated otherwise. */
  titleId?: string
  /** The section's own id, for links into the page. */
  id?: string
  className?: string
  children: React.ReactNode
}

/** One card of the onboarding page: a region named by its heading, with a short description. */
export function OnboardingSection({
  title,
  description,
  note,
  titleId,
  id,
  className,
  children,
}: OnboardingSectionProps) {
  const generatedId = useId()
  const headingId = titleId ?? generatedId
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6',
        className,
      )}
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        <p className="text-sm text-gray-600">{description}</p>
        {note ? <p className="text-sm text-gray-600">{note}</p> : null}
      </div>
      {children}
    </section>
  )
}
