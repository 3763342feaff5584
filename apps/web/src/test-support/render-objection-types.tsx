import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { pagedListSearch, pagedListSearchMiddlewares } from '@/lib/search-params'
import { EditObjectionType } from '@/features/objection-types/components/edit-objection-type'
import { NewObjectionType } from '@/features/objection-types/components/new-objection-type'
import { ObjectionTypesOverview } from '@/features/objection-types/components/objection-types-overview'

/**
 * Renders the feature's three pages behind a memory router shaped like the app's routes, so links,
 * search params and navigation behave as they do in the app. Answers the router and the client.
 */
export function renderObjectionTypes(path: string, { canEdit = true } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  })
  const root = createRootRoute({ component: Outlet })
  const list = createRoute({
    getParentRoute: () => root,
    path: '/configure/objections/',
    validateSearch: pagedListSearch,
    search: { middlewares: pagedListSearchMiddlewares },
    component: function ListPage() {
      const { page, search } = list.useSearch()
      return <ObjectionTypesOverview page={page} search={search} canEdit={canEdit} />
    },
  })
  const create = createRoute({
    getParentRoute: () => root,
    path: '/configure/objections/new',
    validateSearch: pagedListSearch,
    search: { middlewares: pagedListSearchMiddlewares },
    component: () => <NewObjectionType canEdit={canEdit} />,
  })
  const edit = createRoute({
    getParentRoute: () => root,
    path: '/configure/objections/$id/edit',
    validateSearch: pagedListSearch,
    search: { middlewares: pagedListSearchMiddlewares },
    component: function EditPage() {
      const { id } = edit.useParams()
      return <EditObjectionType id={id} canEdit={canEdit} />
    },
  })
  const router = createRouter({
    routeTree: root.addChildren([list, create, edit]),
    history: createMemoryHistory({ initialEntries: [path] }),
    trailingSlash: 'always',
  })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { router, queryClient }
}
