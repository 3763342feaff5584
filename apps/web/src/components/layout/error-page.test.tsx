import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setAccessToken } from '@/lib/access-token'
import { hardNavigation } from '@/lib/hard-navigation'
import { REDIRECT_STORAGE_KEY } from '@/lib/redirect-storage'
import { ErrorPage, type ErrorPageProps } from './error-page'

function renderErrorPage(props: ErrorPageProps, path = '/somewhere?x=1') {
  const root = createRootRoute({ component: Outlet })
  const routes = [
    createRoute({
      getParentRoute: () => root,
      path: '/somewhere',
      component: () => <ErrorPage {...props} />,
    }),
    createRoute({
      getParentRoute: () => root,
      path: '/login/',
      component: () => <p>Login page</p>,
    }),
  ]
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
    trailingSlash: 'always',
  })
  render(<RouterProvider router={router} />)
  return router
}

describe('ErrorPage', () => {
  afterEach(() => {
    setAccessToken(null)
    sessionStorage.clear()
    vi.restoreAllMocks()
  })

  it('not-found, signed in: offers the dashboard and a mailto help line', async () => {
    setAccessToken('token')
    renderErrorPage({ variant: 'not-found' })
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Return to dashboard' })).toHaveAttribute(
      'href',
      '/dashboard/',
    )
    expect(screen.getByRole('link', { name: 'Let us know' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    )
  })

  it('not-found, signed out: saves the location and goes to /login', async () => {
    const router = renderErrorPage({ variant: 'not-found' })
    expect(await screen.findByText('Login page')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login/')
    expect(sessionStorage.getItem(REDIRECT_STORAGE_KEY)).toBe('/somewhere/?x=1')
  })

  it('dashboard: try again resets the filters and reloads /dashboard', async () => {
    const assign = vi.spyOn(hardNavigation, 'assign').mockImplementation(() => undefined)
    const onReset = vi.fn()
    renderErrorPage({ variant: 'dashboard', onReset })
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(onReset).toHaveBeenCalledOnce()
    expect(assign).toHaveBeenCalledWith('/dashboard/')
  })

  it('no-pipelines: links to the pipeline configuration', async () => {
    renderErrorPage({ variant: 'no-pipelines' })
    expect(await screen.findByRole('heading', { name: 'No active pipeline' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Configure pipelines' })).toHaveAttribute(
      'href',
      '/configure/pipelines/',
    )
  })

  it('error: reloads the page', async () => {
    const reload = vi.spyOn(hardNavigation, 'reload').mockImplementation(() => undefined)
    renderErrorPage({ variant: 'error' })
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }))
    expect(reload).toHaveBeenCalledOnce()
  })
})
