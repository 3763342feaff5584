import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ScrollToTop } from './scroll-to-top'

describe('ScrollToTop (spec §2)', () => {
  afterEach(() => vi.restoreAllMocks())

  it('scrolls to the top on every path change, not on search-param changes', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
    const root = createRootRoute({
      component: () => (
        <>
          <ScrollToTop />
          <Outlet />
        </>
      ),
    })
    const pages = ['/a', '/b'].map((path) =>
      createRoute({ getParentRoute: () => root, path, component: () => <p>{path}</p> }),
    )
    const router = createRouter({
      routeTree: root.addChildren(pages),
      history: createMemoryHistory({ initialEntries: ['/a'] }),
    })
    // The router scrolls too, with an options object; ScrollToTop's calls are scrollTo(0, 0).
    const ownCalls = () =>
      scrollTo.mock.calls.filter((args) => args[0] === 0 && args[1] === 0).length
    render(<RouterProvider router={router} />)
    await screen.findByText('/a')
    const afterFirstPage = ownCalls()

    router.history.push('/b')
    await screen.findByText('/b')
    expect(ownCalls()).toBe(afterFirstPage + 1)

    router.history.push('/b?q=x')
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ q: 'x' }))
    expect(ownCalls()).toBe(afterFirstPage + 1)
  })
})
