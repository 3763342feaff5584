import { cva, type VariantProps } from 'class-variance-authority'
import type * as React from 'react'
import { cn } from '@/lib/cn'

const textVariants = cva('', {
  variants: {
    size: {
      xs: 'text-xs',
      sm: 'text-sm',
      base: 'text-base',
      lg: 'text-lg',
      xl: 'text-xl',
    },
    weight: {
      regular: 'font-normal',
      medium: 'font-medium',
      semibold: 'font-semibold',
      bold: 'font-bold',
    },
    color: {
      default: 'text-gray-900',
      muted: 'text-gray-600',
      subtle: 'text-gray-500',
      success: 'text-emerald-700',
      warning: 'text-amber-700',
      danger: 'text-red-700',
      brand: 'text-brand-600',
    },
  },
  defaultVariants: {
    size: 'base',
    weight: 'regular',
    color: 'default',
  },
})

type TextProps = Omit<React.HTMLAttributes<HTMLElement>, 'color'> &
  VariantProps<typeof textVariants> & {
    /** The element to render; a paragraph unless the text sits inside other inline content. */
    as?: 'p' | 'span' | 'div'
    ref?: React.Ref<HTMLElement>
  }

function Text({ as = 'p', size, weight, color, className, ref, ...props }: TextProps) {
  const Comp = as
  return (
    <Comp
      ref={ref as React.Ref<HTMLParagraphElement & HTMLSpanElement & HTMLDivElement>}
      data-slot="text"
      className={cn(textVariants({ size, weight, color, className }))}
      {...props}
    />
  )
}

export { Text, textVariants }
