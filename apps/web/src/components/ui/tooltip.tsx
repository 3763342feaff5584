import { Popover as PopoverPrimitive, Tooltip as TooltipPrimitive } from 'radix-ui'
import * as React from 'react'
import { cn } from '@/lib/cn'

/** Spec §9: tooltips open without delay. */
const TOOLTIP_DELAY_MS = 0

/** Devices where hovering is impossible or imprecise get a tap-to-open popover instead. */
const NO_HOVER_QUERIES = ['(hover: none)', '(pointer: coarse)'] as const

function mediaQueryLists(): MediaQueryList[] {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return []
  return NO_HOVER_QUERIES.map((query) => window.matchMedia(query))
}

function subscribeToPointerChanges(onChange: () => void): () => void {
  const lists = mediaQueryLists()
  for (const list of lists) list.addEventListener('change', onChange)
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange)
  }
}

function isNoHoverDevice(): boolean {
  return mediaQueryLists().some((list) => list.matches)
}

/** True on touch or no-hover devices (`(hover: none)` or `(pointer: coarse)`). */
function useIsNoHoverDevice(): boolean {
  return React.useSyncExternalStore(subscribeToPointerChanges, isNoHoverDevice, () => false)
}

// Spec §9: the tooltip background is #141414.
const tooltipContentClasses =
  'z-50 w-fit max-w-xs rounded-md bg-[#141414] px-3 py-1.5 text-start text-xs text-balance text-white shadow-md'
const tooltipArrowClasses = 'z-50 fill-[#141414]'

function TooltipProvider({
  delayDuration = TOOLTIP_DELAY_MS,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <TooltipPrimitive.Provider
      data-slot="tooltip-provider"
      delayDuration={delayDuration}
      {...props}
    />
  )
}

interface TooltipProps {
  /** What the tooltip says. */
  content: React.ReactNode
  /** The element it describes; it must be focusable (a button, a link, an input). */
  children: React.ReactElement
  side?: 'top' | 'right' | 'bottom' | 'left'
  align?: 'start' | 'center' | 'end'
  sideOffset?: number
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  className?: string
}

/**
 * A hover and focus tooltip. On touch or no-hover devices the same content opens as a popover
 * when the trigger is tapped, since there is no hover to reveal it.
 */
function Tooltip({
  content,
  children,
  side = 'top',
  align = 'center',
  sideOffset = 4,
  open,
  defaultOpen,
  onOpenChange,
  className,
}: TooltipProps) {
  const noHover = useIsNoHoverDevice()

  if (noHover) {
    return (
      <PopoverPrimitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
        <PopoverPrimitive.Trigger data-slot="tooltip-trigger" asChild>
          {children}
        </PopoverPrimitive.Trigger>
        <PopoverPrimitive.Portal>
          <PopoverPrimitive.Content
            data-slot="tooltip-content"
            data-mode="popover"
            side={side}
            align={align}
            sideOffset={sideOffset}
            className={cn(
              tooltipContentClasses,
              'outline-hidden focus-visible:ring-2 focus-visible:ring-brand-600',
              className,
            )}
          >
            {content}
            <PopoverPrimitive.Arrow className={tooltipArrowClasses} />
          </PopoverPrimitive.Content>
        </PopoverPrimitive.Portal>
      </PopoverPrimitive.Root>
    )
  }

  return (
    <TooltipProvider>
      <TooltipPrimitive.Root
        delayDuration={TOOLTIP_DELAY_MS}
        open={open}
        defaultOpen={defaultOpen}
        onOpenChange={onOpenChange}
      >
        <TooltipPrimitive.Trigger data-slot="tooltip-trigger" asChild>
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            data-slot="tooltip-content"
            data-mode="tooltip"
            side={side}
            align={align}
            sideOffset={sideOffset}
            className={cn(tooltipContentClasses, className)}
          >
            {content}
            <TooltipPrimitive.Arrow className={tooltipArrowClasses} />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipProvider>
  )
}

export { Tooltip, TooltipProvider, useIsNoHoverDevice, TOOLTIP_DELAY_MS }
