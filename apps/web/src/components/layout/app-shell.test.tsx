import '@/test-support/dom-polyfills'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AppShell } from './app-shell'

const PRIVATE_PATHS = [
  '/dashboard/',
  '/pipeline-overview/',
  '/objections-handling/',
  '/recent-activity/',
  '/configure/product/',
  '/configure/pipelines/',
  '/configure/objections/',
  '/imports/',
  '/onboarding/',
  '/settings/',
]

function renderShell(onSignOut = vi.fn()) {
  const root = createRootRoute({
    component: () => (
      <AppShell userName="Ada Lovelace" onSignOut={onSignOut}>
        <Outlet />
      </AppShell>
    ),
  })
  const pages = PRIVATE_PATHS.map((path) =>
    createRoute({ getParentRoute: () => root, path, component: () => <h1>{path}</h1> }),
  )
  const router = createRouter({
    routeTree: root.addChildren(pages),
    history: createMemoryHistory({ initialEntries: ['/dashboard/'] }),
    trailingSlash: 'always',
  })
  render(<RouterProvider router={router} />)
  return { router, onSignOut }
}

describe('AppShell', () => {
  it('links to every private page and marks the current one', async () => {
    renderShell()
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' })
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
    expect(hrefs.sort()).toEqual([...PRIVATE_PATHS].sort())
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })

  it('has a skip link to the main content', async () => {
    renderShell()
    expect(await screen.findByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main',
    )
    expect(document.getElementById('main')).toBeInTheDocument()
  })

  it('opens the navigation as a menu on small screens and closes it after navigating', async () => {
    const { router } = renderShell()
    await userEvent.click(await screen.findByRole('button', { name: 'Open navigation' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('link', { name: 'Settings' }))
    expect(router.state.location.pathname).toBe('/settings/')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('names the user and signs out from the account menu', async () => {
    const { onSignOut } = renderShell()
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }))
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }))
    expect(onSignOut).toHaveBeenCalledOnce()
  })
})
