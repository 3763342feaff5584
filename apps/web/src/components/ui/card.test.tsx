import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from './card'

describe('Card', () => {
  it('renders every part with its data-slot', () => {
    const { container } = render(
      <Card className="max-w-sm">
        <CardHeader>
          <CardTitle>Confidence</CardTitle>
          <CardDescription>Last 30 days</CardDescription>
          <CardAction>
            <button type="button">More</button>
          </CardAction>
        </CardHeader>
        <CardContent>No data yet</CardContent>
        <CardFooter>Updated daily</CardFooter>
      </Card>,
    )
    const card = container.firstElementChild
    expect(card).toHaveAttribute('data-slot', 'card')
    expect(card).toHaveClass('rounded-xl', 'max-w-sm')
    for (const slot of [
      'card-header',
      'card-title',
      'card-description',
      'card-action',
      'card-content',
      'card-footer',
    ]) {
      expect(container.querySelector(`[data-slot="${slot}"]`)).toBeInTheDocument()
    }
    expect(screen.getByText('Confidence')).toHaveClass('font-semibold')
    expect(screen.getByText('Last 30 days')).toHaveClass('text-gray-600')
    expect(screen.getByRole('button', { name: 'More' })).toBeInTheDocument()
  })
})
