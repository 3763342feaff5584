import type { SalesFramework } from '@dealcoach/contracts/sales-frameworks'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { renderWithQuery } from '@/test-support/render-with-query'
import { FrameworkSetup } from './framework-setup'

const framework = (key: SalesFramework['key'], name: string): SalesFramework => ({
  key,
  name,
  description: `${name} in one sentence.`,
  pipeline_name: `${name} pipeline`,
  stages: [{ name: 'Discovery', actions: [] }],
  objection_types: [
    { name: 'Price', description: '', examples: [] },
    { name: 'Timing', description: '', examples: [] },
  ],
})

describe('FrameworkSetup', () => {
  it('lists the chosen frameworks in the questionnaire order, each with the route’s actions', async () => {
    fakeApi.seed({
      salesFrameworks: [
        framework('meddic', 'MEDDIC'),
        framework('bant', 'BANT'),
        framework('spin', 'SPIN'),
      ],
    })
    renderWithQuery(
      <FrameworkSetup
        frameworks={['spin', 'meddic']}
        renderFrameworkActions={(chosen) => <button type="button">Use {chosen.name}</button>}
      />,
    )
    const items = await screen.findAllByRole('listitem')
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'SPIN Selling',
      'MEDDIC',
    ])
    expect(within(items[0] as HTMLElement).getByText('1 stage · 2 objection types')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Use SPIN' })).toBeInTheDocument()
    expect(screen.queryByText('BANT')).toBeNull()
  })

  it('words the custom framework’s actions without its name in a sentence', async () => {
    fakeApi.seed({
      salesFrameworks: [framework('custom', 'Our own framework'), framework('bant', 'BANT')],
    })
    renderWithQuery(
      <FrameworkSetup
        frameworks={['custom', 'bant']}
        renderFrameworkActions={(_, labels) => (
          <>
            <button type="button">{labels.createPipeline}</button>
            <button type="button">{labels.addObjectionTypes}</button>
          </>
        )}
      />,
    )
    expect(
      await screen.findByRole('button', { name: 'Create a pipeline from your own framework' }),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: 'Add the objection types of your own framework' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create a BANT pipeline' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add the BANT objection types' })).toBeInTheDocument()
    expect(screen.queryByText(/Our own framework (pipeline|objection)/)).toBeNull()
  })

  it('describes each framework in the reader’s language, not in the catalogue’s English', async () => {
    fakeApi.seed({ salesFrameworks: [framework('bant', 'BANT')] })
    renderWithQuery(<FrameworkSetup frameworks={['bant']} renderFrameworkActions={() => null} />)
    expect(
      await screen.findByText(
        'Qualifies leads early on Budget, Authority, Need and Timeline so reps spend their time on deals that can close.',
      ),
    ).toBeVisible()
    expect(screen.queryByText('BANT in one sentence.')).toBeNull()
  })
})
