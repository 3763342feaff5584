import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Button, buttonVariants } from './button'

const variantClasses = {
  default: 'bg-brand-600',
  destructive: 'bg-red-600',
  outline: 'border-gray-300',
  secondary: 'bg-gray-100',
  ghost: 'hover:bg-gray-100',
  link: 'underline-offset-4',
  action: 'bg-brand-50',
  gradient: 'bg-linear-to-r',
  dashed: 'border-dashed',
} as const

const sizeClasses = {
  default: 'h-9',
  xs: 'h-7',
  sm: 'h-8',
  lg: 'h-10',
  icon: 'size-9',
} as const

describe('Button', () => {
  it('renders a button with the default variant and size', () => {
    render(<Button>Save</Button>)
    const button = screen.getByRole('button', { name: 'Save' })
    expect(button.tagName).toBe('BUTTON')
    expect(button).toHaveAttribute('data-slot', 'button')
    expect(button).toHaveAttribute('data-variant', 'default')
    expect(button).toHaveAttribute('data-size', 'default')
    expect(button).toHaveClass('bg-brand-600', 'h-9', 'focus-visible:ring-2')
  })

  it.each(Object.entries(variantClasses))('renders the %s variant', (variant, expected) => {
    render(<Button variant={variant as keyof typeof variantClasses}>Go</Button>)
    const button = screen.getByRole('button', { name: 'Go' })
    expect(button).toHaveAttribute('data-slot', 'button')
    expect(button).toHaveAttribute('data-variant', variant)
    expect(button).toHaveClass(expected)
  })

  it.each(Object.entries(sizeClasses))('renders the %s size', (size, expected) => {
    render(
      <Button size={size as keyof typeof sizeClasses} aria-label="Add">
        +
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Add' })
    expect(button).toHaveAttribute('data-size', size)
    expect(button).toHaveClass(expected)
  })

  it('merges a custom class name, letting it override the variant', () => {
    render(<Button className="h-12 w-full">Wide</Button>)
    const button = screen.getByRole('button', { name: 'Wide' })
    expect(button).toHaveClass('h-12', 'w-full')
    expect(button).not.toHaveClass('h-9')
  })

  it('renders its child instead of a button with asChild', () => {
    render(
      <Button asChild variant="outline">
        <a href="/dashboard">Dashboard</a>
      </Button>,
    )
    const link = screen.getByRole('link', { name: 'Dashboard' })
    expect(link.tagName).toBe('A')
    expect(link).toHaveAttribute('href', '/dashboard')
    expect(link).toHaveAttribute('data-slot', 'button')
    expect(link).toHaveClass('border-gray-300')
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('takes a ref as a prop', () => {
    const ref = createRef<HTMLButtonElement>()
    render(<Button ref={ref}>Ref</Button>)
    expect(ref.current).toBeInstanceOf(HTMLButtonElement)
  })

  it('is clicked with the keyboard and ignores clicks when disabled', async () => {
    const user = userEvent.setup()
    const onClick = vi.fn()
    const { rerender } = render(<Button onClick={onClick}>Send</Button>)
    await user.tab()
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(onClick).toHaveBeenCalledTimes(1)

    rerender(
      <Button onClick={onClick} disabled>
        Send
      </Button>,
    )
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('exposes buttonVariants for links styled as buttons', () => {
    expect(buttonVariants({ variant: 'dashed', size: 'sm' })).toContain('border-dashed')
    expect(buttonVariants({ variant: 'dashed', size: 'sm' })).toContain('h-8')
  })
})
