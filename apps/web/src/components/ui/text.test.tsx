import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Text } from './text'

describe('Text', () => {
  it('renders a paragraph with the default size, weight and colour', () => {
    render(<Text>Hello</Text>)
    const text = screen.getByText('Hello')
    expect(text.tagName).toBe('P')
    expect(text).toHaveAttribute('data-slot', 'text')
    expect(text).toHaveClass('text-base', 'font-normal', 'text-gray-900')
  })

  it.each([
    ['span', 'SPAN'],
    ['div', 'DIV'],
    ['p', 'P'],
  ] as const)('renders as a %s', (as, tag) => {
    render(<Text as={as}>Inline</Text>)
    expect(screen.getByText('Inline').tagName).toBe(tag)
  })

  it.each([
    ['xs', 'text-xs'],
    ['sm', 'text-sm'],
    ['base', 'text-base'],
    ['lg', 'text-lg'],
    ['xl', 'text-xl'],
  ] as const)('applies size %s', (size, expected) => {
    render(<Text size={size}>Sized</Text>)
    expect(screen.getByText('Sized')).toHaveClass(expected)
  })

  it.each([
    ['regular', 'font-normal'],
    ['medium', 'font-medium'],
    ['semibold', 'font-semibold'],
    ['bold', 'font-bold'],
  ] as const)('applies weight %s', (weight, expected) => {
    render(<Text weight={weight}>Weighted</Text>)
    expect(screen.getByText('Weighted')).toHaveClass(expected)
  })

  it.each([
    ['default', 'text-gray-900'],
    ['muted', 'text-gray-600'],
    ['subtle', 'text-gray-500'],
    ['success', 'text-emerald-700'],
    ['warning', 'text-amber-700'],
    ['danger', 'text-red-700'],
    ['brand', 'text-brand-600'],
  ] as const)('applies colour %s', (color, expected) => {
    render(<Text color={color}>Coloured</Text>)
    expect(screen.getByText('Coloured')).toHaveClass(expected)
  })

  it('passes other attributes and merges class names', () => {
    render(
      <Text id="intro" className="mt-4" size="sm">
        Intro
      </Text>,
    )
    const text = screen.getByText('Intro')
    expect(text).toHaveAttribute('id', 'intro')
    expect(text).toHaveClass('mt-4', 'text-sm')
  })
})
