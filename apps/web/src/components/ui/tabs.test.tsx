import '@/test-support/dom-polyfills'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs'

function DashboardTabs({ onValueChange }: { onValueChange?: (value: string) => void }) {
  return (
    <Tabs defaultValue="actions" onValueChange={onValueChange}>
      <TabsList aria-label="Dashboard views">
        <TabsTrigger value="actions">Actions</TabsTrigger>
        <TabsTrigger value="progress">Progress</TabsTrigger>
        <TabsTrigger value="history">History</TabsTrigger>
      </TabsList>
      <TabsContent value="actions">Actions panel</TabsContent>
      <TabsContent value="progress">Progress panel</TabsContent>
      <TabsContent value="history">History panel</TabsContent>
    </Tabs>
  )
}

describe('Tabs', () => {
  it('shows the default tab and its panel', () => {
    render(<DashboardTabs />)
    expect(screen.getByRole('tablist', { name: 'Dashboard views' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Actions' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel', { name: 'Actions' })).toHaveTextContent('Actions panel')
    expect(screen.queryByText('Progress panel')).not.toBeInTheDocument()
  })

  it('switches tabs with the arrow keys', async () => {
    const user = userEvent.setup()
    const onValueChange = vi.fn()
    render(<DashboardTabs onValueChange={onValueChange} />)
    await user.tab()
    expect(screen.getByRole('tab', { name: 'Actions' })).toHaveFocus()

    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Progress' })).toHaveFocus()
    expect(screen.getByRole('tab', { name: 'Progress' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Progress panel')
    expect(onValueChange).toHaveBeenLastCalledWith('progress')

    await user.keyboard('{End}')
    expect(screen.getByRole('tabpanel')).toHaveTextContent('History panel')

    await user.keyboard('{Home}')
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Actions panel')
  })

  it('switches tabs on click', async () => {
    const user = userEvent.setup()
    render(<DashboardTabs />)
    await user.click(screen.getByRole('tab', { name: 'History' }))
    expect(screen.getByRole('tabpanel')).toHaveTextContent('History panel')
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute(
      'data-slot',
      'tabs-trigger',
    )
  })
})
