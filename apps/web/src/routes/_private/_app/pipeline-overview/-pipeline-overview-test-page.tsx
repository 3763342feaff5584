import { type AnyRootRoute, createRoute } from '@tanstack/react-router'
import { screen, within } from '@testing-library/react'
import { renderWithRouter } from '@/test-support/render-with-router'
import { PipelineOverviewScreen } from './-pipeline-overview-screen'
import {
  pipelineOverviewSearch,
  pipelineOverviewSearchMiddlewares,
  type SearchChanges,
} from './-pipeline-overview-search'

/**
 * The pipeline overview as the app routes it, for the page's tests: its search parsed, changes
 * written to the URL, and a stand-in deal page for the links to open.
 */
export function renderPipelineOverview(path = '/pipeline-overview/') {
  const routes = (root: AnyRootRoute) => {
    const page = createRoute({
      getParentRoute: () => root,
      path: '/pipeline-overview/',
      validateSearch: pipelineOverviewSearch,
      search: { middlewares: pipelineOverviewSearchMiddlewares },
      component: function Page() {
        const search = page.useSearch()
        const navigate = page.useNavigate()
        const changeSearch = (changes: SearchChanges, replace = false) =>
          void navigate({
            search: ((previous: Record<string, unknown>) => ({ ...previous, ...changes })) as never,
            replace,
          })
        return <PipelineOverviewScreen search={search} changeSearch={changeSearch} />
      },
    })
    const deal = createRoute({
      getParentRoute: () => root,
      path: '/deals/$dealId/',
      component: () => <p>Deal page</p>,
    })
    return [page, deal]
  }
  return renderWithRouter(null, { path, routes })
}

/** A board column, found by its stage's heading. */
export const boardColumn = async (name: string) =>
  within(
    (await screen.findByRole('heading', { level: 2, name: new RegExp(`^${name}`) })).closest(
      'section',
    )!,
  )
