import '@/test-support/dom-polyfills'
import { createRoute, useParams } from '@tanstack/react-router'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ALL_STAGES } from '@/features/dashboard/stores/dashboard-filters'
import { useDashboardFilters } from '@/features/dashboard/stores/dashboard-filters-store'
import { setAccessToken } from '@/lib/access-token'
import { useCurrentPipelineStore } from '@/stores/current-pipeline'
import { fakeAccessToken } from '@/test-support/fake-api/fake-access-token'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { DEAL_ID, dealFixture } from '@/test-support/fake-api/fixtures/deal-screen-fixtures'
import {
  PIPELINE_ID,
  pipelineFixture,
  STAGE,
} from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { meFixture, ORGANISATION_ID } from '@/test-support/fake-api/fixtures/user-fixtures'
import { initialDealsArea } from '@/test-support/fake-api/routes/deals-routes'
import { renderWithRouter } from '@/test-support/render-with-router'
import { HeaderPipelinePicker } from '../../../-app-frame'
import { DealScreen } from './-deal-screen'

const RENEWALS_ID = '00000000-0000-4000-8000-000000000002'
const ARCHIVE_ID = '00000000-0000-4000-8000-000000000003'
const OTHER_DEAL_ID = '00000000-0000-4000-8000-0000000000d9'

/** The deal page at `path` below the header's picker, as the app frame draws them. */
function renderApp(path: string) {
  return renderWithRouter(null, {
    path,
    routes: (root) => [
      createRoute({
        getParentRoute: () => root,
        path: '/deals/$dealId',
        component: function Page() {
          return (
            <>
              <HeaderPipelinePicker />
              <DealScreen dealId={useParams({ strict: false }).dealId ?? ''} />
            </>
          )
        },
      }),
    ],
  })
}

const picker = () => screen.getByRole('combobox', { name: 'Pipeline' })

/** The deal's name shows once it has loaded, and with it the effect that follows its pipeline. */
const dealShown = (name: string) => screen.findByRole('heading', { level: 1, name })

beforeEach(() => {
  setAccessToken(fakeAccessToken({ ...meFixture(), role: 'admin' }, ORGANISATION_ID))
  fakeApi.seed({
    pipelines: [
      pipelineFixture(),
      pipelineFixture({ id: RENEWALS_ID, name: 'Renewals' }),
      pipelineFixture({ id: ARCHIVE_ID, name: 'Archive', active: false }),
    ],
    dealsArea: {
      ...initialDealsArea(),
      deals: [
        dealFixture({ pipeline_id: RENEWALS_ID }),
        dealFixture({ id: OTHER_DEAL_ID, name: 'Archived deal', pipeline_id: ARCHIVE_ID }),
      ],
    },
  })
  // The user works in New Business, filtered to its Demo stage.
  useCurrentPipelineStore.getState().setPipelineId(PIPELINE_ID)
  useDashboardFilters.getState().toggleStage(STAGE.demo)
})

afterEach(() => {
  setAccessToken(null)
  useDashboardFilters.getState().reset()
})

describe('the header’s pipeline on a deal', () => {
  it('follows the pipeline of a deal opened from elsewhere, stages back to All', async () => {
    renderApp(`/deals/${DEAL_ID}`)
    await dealShown('Acme rollout')

    await expect.poll(() => picker().textContent).toBe('Renewals')
    expect(useCurrentPipelineStore.getState().pipelineId).toBe(RENEWALS_ID)
    // A change of pipeline (spec §4): New Business's Demo stage means nothing in Renewals.
    expect(useDashboardFilters.getState()).toMatchObject({
      currentPipelineId: RENEWALS_ID,
      selectedStages: [ALL_STAGES],
    })
  })

  it('changes nothing when the deal is in the pipeline shown', async () => {
    fakeApi.seed({
      dealsArea: { ...initialDealsArea(), deals: [dealFixture({ pipeline_id: PIPELINE_ID })] },
    })
    renderApp(`/deals/${DEAL_ID}`)
    await dealShown('Acme rollout')

    expect(picker()).toHaveTextContent('New Business')
    expect(useDashboardFilters.getState().selectedStages).toEqual([STAGE.demo])
  })

  it('leaves a pipeline picked in the header while the deal stays open', async () => {
    const user = userEvent.setup()
    renderApp(`/deals/${DEAL_ID}`)
    await dealShown('Acme rollout')
    await expect.poll(() => picker().textContent).toBe('Renewals')

    await user.click(picker())
    await user.click(screen.getByRole('option', { name: 'New Business' }))

    expect(picker()).toHaveTextContent('New Business')
    expect(useCurrentPipelineStore.getState().pipelineId).toBe(PIPELINE_ID)
  })

  it('follows each deal opened in turn', async () => {
    fakeApi.seed({
      dealsArea: {
        ...initialDealsArea(),
        deals: [
          dealFixture({ pipeline_id: RENEWALS_ID }),
          dealFixture({ id: OTHER_DEAL_ID, name: 'Globex pilot', pipeline_id: PIPELINE_ID }),
        ],
      },
    })
    const router = renderApp(`/deals/${DEAL_ID}`)
    await dealShown('Acme rollout')
    await expect.poll(() => picker().textContent).toBe('Renewals')

    router.history.push(`/deals/${OTHER_DEAL_ID}`)
    await dealShown('Globex pilot')

    await expect.poll(() => picker().textContent).toBe('New Business')
  })

  it('keeps the pipeline shown for a deal of an inactive pipeline, which the picker does not list', async () => {
    renderApp(`/deals/${OTHER_DEAL_ID}`)
    await dealShown('Archived deal')

    expect(picker()).toHaveTextContent('New Business')
    expect(useCurrentPipelineStore.getState().pipelineId).toBe(PIPELINE_ID)
  })
})
