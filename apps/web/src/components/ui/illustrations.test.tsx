import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { EmptyIllustration, ErrorIllustration, NotFoundIllustration } from './illustrations'

const illustrations = [
  ['empty', EmptyIllustration],
  ['error', ErrorIllustration],
  ['not-found', NotFoundIllustration],
] as const

describe('illustrations', () => {
  it.each(illustrations)(
    'draws the %s illustration hidden from assistive technology',
    (name, Drawing) => {
      const { container } = render(<Drawing />)
      const svg = container.querySelector('svg')
      expect(svg).toHaveAttribute('aria-hidden', 'true')
      expect(svg).toHaveAttribute('data-slot', `${name}-illustration`)
      expect(svg).toHaveAttribute('stroke', 'currentColor')
      expect(svg?.querySelectorAll('path, circle, rect, ellipse').length).toBeGreaterThan(3)
      expect(screen.queryByRole('img')).not.toBeInTheDocument()
    },
  )

  it.each(illustrations)(
    'announces the %s illustration as an image when titled',
    (_name, Drawing) => {
      render(<Drawing title="Nothing here" className="size-24" />)
      const image = screen.getByRole('img', { name: 'Nothing here' })
      expect(image).not.toHaveAttribute('aria-hidden')
      expect(image).toHaveClass('size-24')
    },
  )
})
