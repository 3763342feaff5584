import { Switch as SwitchPrimitive } from 'radix-ui'
import { type ComponentProps, useId } from 'react'
import { cn } from '@/lib/cn'

/** An on/off control (role "switch"); give it an accessible name with aria-label or a <Label>. */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={cn(
        'peer inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-transparent shadow-xs transition-colors outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-brand-600 data-[state=unchecked]:bg-gray-300',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb
        data-slot="switch-thumb"
        className="pointer-events-none block size-4 rounded-full bg-white shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0 rtl:data-[state=checked]:-translate-x-4"
      />
    </SwitchPrimitive.Root>
  )
}

/**
 * A switch with a short visible text beside it that says its state: `text` when on ("Active"),
 * `offText` when off ("Inactive"). The text is a click target only: the accessible name comes
 * from `aria-label`, which can say more ("Active: New Business"), and the role gives the state.
 */
export function SwitchWithText({
  text,
  offText = text,
  ...props
}: ComponentProps<typeof Switch> & { text: string; offText?: string }) {
  const id = useId()
  const on = props.checked ?? props.defaultChecked ?? false
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} {...props} />
      {/* Both texts take the place of the longer one, so flipping the switch moves nothing. */}
      <label htmlFor={id} className="grid text-sm text-gray-700" aria-hidden="true">
        <span className={cn('col-start-1 row-start-1', !on && 'invisible')}>{text}</span>
        <span className={cn('col-start-1 row-start-1', on && 'invisible')}>{offText}</span>
      </label>
    </div>
  )
}
