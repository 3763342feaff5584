import * as React from 'react'
import { cn } from '@/lib/cn'

type IllustrationProps = Omit<React.ComponentProps<'svg'>, 'children'> & {
  /** When given, the drawing is announced as an image with this name; otherwise it is hidden. */
  title?: string
}

function IllustrationFrame({
  title,
  className,
  children,
  slot,
  ...props
}: IllustrationProps & { slot: string; children: React.ReactNode }) {
  const titleId = React.useId()
  const accessibility = title
    ? ({ role: 'img', 'aria-labelledby': titleId } as const)
    : ({ 'aria-hidden': true } as const)
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 160 120"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      data-slot={slot}
      className={cn('h-30 w-40 text-gray-400', className)}
      {...accessibility}
      {...props}
    >
      {title ? <title id={titleId}>{title}</title> : null}
      {children}
    </svg>
  )
}

/** An empty tray with a few rays above it: nothing here yet. */
function EmptyIllustration(props: IllustrationProps) {
  return (
    <IllustrationFrame slot="empty-illustration" {...props}>
      <ellipse cx="80" cy="106" rx="54" ry="5" strokeOpacity="0.35" />
      <path d="M36 66 52 34h56l16 32v26a4 4 0 0 1-4 4H40a4 4 0 0 1-4-4Z" />
      <path d="M36 66h24l6 10h28l6-10h24" />
      <path d="M58 48h44M62 56h36" strokeOpacity="0.5" />
      <path d="M80 10v10M60 16l5 8M100 16l-5 8" />
    </IllustrationFrame>
  )
}

/** A plug pulled out of its socket, with sparks in the gap: something went wrong. */
function ErrorIllustration(props: IllustrationProps) {
  return (
    <IllustrationFrame slot="error-illustration" {...props}>
      <ellipse cx="80" cy="106" rx="60" ry="5" strokeOpacity="0.35" />
      <path d="M8 88c14 0 18-18 30-18" />
      <rect x="38" y="56" width="24" height="28" rx="4" />
      <path d="M62 63h10M62 77h10" />
      <rect x="98" y="52" width="24" height="36" rx="4" />
      <path d="M104 63h4M104 77h4" />
      <path d="M122 70c12 0 16 18 30 18" />
      <path d="M80 44l3 8M88 46l4-6M78 96l3-8M88 94l4 6" />
    </IllustrationFrame>
  )
}

/** A compass whose face holds a question mark: this page cannot be found. */
function NotFoundIllustration(props: IllustrationProps) {
  return (
    <IllustrationFrame slot="not-found-illustration" {...props}>
      <ellipse cx="80" cy="108" rx="44" ry="4" strokeOpacity="0.35" />
      <circle cx="80" cy="58" r="42" />
      <circle cx="80" cy="58" r="34" strokeOpacity="0.5" />
      <path d="M80 16v-4M80 86v6M46 58h6M108 58h6" />
      <circle cx="80" cy="9" r="3" />
      <path d="m80 22 3 7h-6Z" fill="currentColor" />
      <path d="M71 50a9 9 0 1 1 13 8c-3 2-4 4-4 7" />
      <circle cx="80" cy="74" r="1.5" fill="currentColor" />
    </IllustrationFrame>
  )
}

export { EmptyIllustration, ErrorIllustration, NotFoundIllustration }
export type { IllustrationProps }
