import '@/test-support/dom-polyfills'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { PIPELINE_ID, pipelineFixture } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { renderWithQuery } from '@/test-support/render-with-query'
import { PipelineDetails } from './pipeline-details'

function renderDetails(canEdit: boolean) {
  fakeApi.seed({ pipelines: [pipelineFixture()] })
  const root = createRootRoute()
  const page = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => <PipelineDetails pipelineId={PIPELINE_ID} canEdit={canEdit} />,
  })
  const list = createRoute({ getParentRoute: () => root, path: '/configure/pipelines/' })
  const router = createRouter({
    routeTree: root.addChildren([page, list]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  renderWithQuery(<RouterProvider router={router} />)
}

describe('PipelineDetails', () => {
  it('offers admins to rename the pipeline', async () => {
    renderDetails(true)
    expect(
      await screen.findByRole('heading', { level: 1, name: pipelineFixture().name }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Rename' })).toBeEnabled()
  })

  it('shows members the name read-only, with no rename control', async () => {
    renderDetails(false)
    expect(
      await screen.findByRole('heading', { level: 1, name: pipelineFixture().name }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull()
  })
})
