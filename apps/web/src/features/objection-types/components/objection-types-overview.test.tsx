import '@/test-support/dom-polyfills'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '@/components/ui/toast'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import {
  numberedTypes,
  objectionFixture,
  objectionTypeFixture,
} from '@/test-support/fake-api/fixtures/objection-type-fixtures'
import { frameworkFixture } from '@/test-support/fake-api/fixtures/sales-framework-fixture'
import { renderObjectionTypes } from '@/test-support/render-objection-types'

const LIST = '/configure/objections/'

/** The list's GET requests, as "page=…&search=…" without the page size. */
const listQueries = () =>
  fakeApi
    .requests()
    .filter(
      (request) => request.method === 'GET' && request.url.startsWith('/v1/objections/types?'),
    )
    .map((request) => {
      const params = new URL(request.url, 'http://localhost').searchParams
      expect(params.get('page_size')).toBe('30')
      params.delete('page_size')
      return params.toString()
    })

describe('ObjectionTypesOverview', () => {
  beforeEach(() => vi.clearAllMocks())
  afterEach(() => {
    vi.useRealTimers()
  })

  it('lists the types with their examples, source and approval', async () => {
    fakeApi.seed({
      objectionTypes: [
        objectionTypeFixture(),
        objectionTypeFixture({
          name: 'Timing',
          examples: ['Not this quarter.'],
          source: 'user',
          approved: true,
          active: false,
        }),
      ],
    })
    renderObjectionTypes(LIST)

    const price = (await screen.findByRole('link', { name: 'Price / budget' })).closest('li')
    expect(price).toHaveTextContent('The buyer says it costs too much.')
    expect(price).toHaveTextContent('2 examples')
    expect(price).toHaveTextContent('Built-in')
    expect(price).toHaveTextContent('Not approved')
    const timing = screen.getByRole('link', { name: 'Timing' }).closest('li')
    expect(timing).toHaveTextContent('1 example')
    expect(timing).toHaveTextContent('Custom')
    expect(timing).toHaveTextContent('Approved')
    expect(screen.getByRole('switch', { name: 'Active: Price / budget' })).toBeChecked()
    expect(screen.getByRole('switch', { name: 'Active: Timing' })).not.toBeChecked()
    expect(screen.getByRole('link', { name: 'Edit “Timing”' })).toHaveAttribute(
      'href',
      `/configure/objections/${fakeApi.state.objectionTypes[1]?.id}/edit/`,
    )
    expect(screen.getByText('1–2 of 2')).toBeVisible()
  })

  it('switches a type at once and switches it back when the server refuses', async () => {
    const user = userEvent.setup()
    const type = objectionTypeFixture({ name: 'Timing', active: false })
    fakeApi.seed({ objectionTypes: [type] })
    const answer = fakeApi.holdNext('PUT /v1/objections/types/:id')
    fakeApi.failNext('PUT /v1/objections/types/:id', {
      status: 500,
      code: 'internal_error',
      message: 'Something went wrong',
    })
    renderObjectionTypes(LIST)

    const toggle = await screen.findByRole('switch', { name: 'Active: Timing' })
    await user.click(toggle)
    expect(toggle).toBeChecked()
    await vi.waitFor(() =>
      expect(fakeApi.writes()).toEqual([
        { method: 'PUT', url: `/v1/objections/types/${type.id}`, body: { active: true } },
      ]),
    )
    act(() => answer.release())
    await vi.waitFor(() => expect(toggle).not.toBeChecked())
    expect(notify.error).toHaveBeenCalledWith('“Timing” could not be switched. Try again.')
  })

  it('keeps a switch that the server accepted', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ objectionTypes: [objectionTypeFixture({ name: 'Timing' })] })
    renderObjectionTypes(LIST)
    const toggle = await screen.findByRole('switch', { name: 'Active: Timing' })
    await user.click(toggle)
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('“Timing” is inactive.'))
    expect(toggle).not.toBeChecked()
    expect(fakeApi.state.objectionTypes[0]?.active).toBe(false)
  })

  it('pages through 30 types at a time, keeping the page in the URL', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ objectionTypes: numberedTypes(65) })
    const { router } = renderObjectionTypes(LIST)

    expect(await screen.findByText('1–30 of 65')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(screen.getAllByRole('switch')).toHaveLength(30)
    await user.click(screen.getByRole('link', { name: 'Next' }))
    expect(await screen.findByText('31–60 of 65')).toBeVisible()
    expect(router.state.location.search).toEqual({ page: 2 })
    expect(screen.getByRole('link', { name: 'Type 31' })).toBeVisible()

    await user.click(screen.getByRole('link', { name: 'Next' }))
    expect(await screen.findByText('61–65 of 65')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(screen.getAllByRole('switch')).toHaveLength(5)

    await user.click(screen.getByRole('link', { name: 'Previous' }))
    expect(await screen.findByText('31–60 of 65')).toBeVisible()
    expect(listQueries()).toEqual(['page=1', 'page=2', 'page=3'])
  })

  it('returns to the same page and search after editing a type', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ objectionTypes: numberedTypes(65) })
    const { router } = renderObjectionTypes(`${LIST}?page=2&search=Type`)

    expect(await screen.findByText('31–60 of 65')).toBeVisible()
    await user.click(screen.getByRole('link', { name: 'Type 31' }))
    const description = await screen.findByRole('textbox', { name: /description/i })
    expect(router.state.location.search).toEqual({ page: 2, search: 'Type' })
    await user.clear(description)
    await user.type(description, 'Edited on page two')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText('31–60 of 65')).toBeVisible()
    expect(router.state.location.pathname).toBe(LIST)
    expect(router.state.location.search).toEqual({ page: 2, search: 'Type' })
  })

  it('goes back to the last page when the page asked for is past the end', async () => {
    fakeApi.seed({ objectionTypes: numberedTypes(31) })
    const { router } = renderObjectionTypes(`${LIST}?page=7`)
    expect(await screen.findByText('31–31 of 31')).toBeVisible()
    expect(router.state.location.search).toEqual({ page: 2 })
  })

  it('searches once typing pauses, from the first page, and clears the search', async () => {
    const user = userEvent.setup()
    fakeApi.seed({
      objectionTypes: [
        ...numberedTypes(40),
        objectionTypeFixture({ name: 'Timing', description: 'Not now' }),
      ],
    })
    const { router } = renderObjectionTypes(`${LIST}?page=2`)

    const search = await screen.findByRole('searchbox', { name: 'Search objection types' })
    await user.type(search, 'tim')
    expect(await screen.findByText('1–1 of 1')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Timing' })).toBeVisible()
    expect(router.state.location.search).toEqual({ search: 'tim' })
    // Typing "t", "ti", "tim" asked once, after the pause.
    expect(listQueries()).toEqual(['page=2', 'page=1&search=tim'])

    await user.type(search, 'zz')
    expect(
      await screen.findByRole('heading', { name: 'No objection type matches “timzz”' }),
    ).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(await screen.findByText('1–30 of 41')).toBeVisible()
    expect(search).toHaveValue('')
    expect(router.state.location.search).toEqual({})
  })

  it('shows the empty state with a way to create the first type', async () => {
    fakeApi.seed({ objectionTypes: [] })
    renderObjectionTypes(LIST)
    expect(await screen.findByRole('heading', { name: 'No objection types yet' })).toBeVisible()
    const links = screen.getAllByRole('link', { name: 'New objection type' })
    expect(links.at(-1)).toHaveAttribute('href', '/configure/objections/new/')
  })

  it('deletes a type after a confirmation', async () => {
    const user = userEvent.setup()
    fakeApi.seed({
      objectionTypes: [objectionTypeFixture(), objectionTypeFixture({ name: 'Timing' })],
    })
    renderObjectionTypes(LIST)

    await user.click(await screen.findByRole('button', { name: 'Delete “Timing”' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete “Timing”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete objection type' }))
    await vi.waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Timing' })).not.toBeInTheDocument(),
    )
    expect(notify.success).toHaveBeenCalledWith('Objection type “Timing” deleted.')
    expect(screen.getByText('1–1 of 1')).toBeVisible()
  })

  it('approves a type and withdraws the approval', async () => {
    const user = userEvent.setup()
    const type = objectionTypeFixture({ name: 'Timing' })
    fakeApi.seed({ objectionTypes: [type] })
    renderObjectionTypes(LIST)

    await user.click(await screen.findByRole('button', { name: 'Approve “Timing”' }))
    await user.click(await screen.findByRole('button', { name: 'Withdraw approval of “Timing”' }))
    await screen.findByRole('button', { name: 'Approve “Timing”' })
    expect(fakeApi.writes()).toEqual([
      { method: 'PUT', url: `/v1/objections/types/${type.id}/approval`, body: { approved: true } },
      { method: 'PUT', url: `/v1/objections/types/${type.id}/approval`, body: { approved: false } },
    ])
    expect(notify.success).toHaveBeenCalledWith('“Timing” is approved.')
  })

  it('adds the types of a framework and says how many', async () => {
    const user = userEvent.setup()
    fakeApi.seed({
      objectionTypes: [objectionTypeFixture()],
      salesFrameworks: [frameworkFixture()],
    })
    renderObjectionTypes(LIST)

    await user.click(await screen.findByRole('button', { name: 'Add types from a framework' }))
    const dialog = screen.getByRole('dialog', { name: 'Add objection types from a framework' })
    await user.click(await within(dialog).findByRole('radio', { name: 'MEDDIC' }))
    expect(
      within(dialog).getByRole('region', { name: 'Objection types of MEDDIC' }),
    ).toHaveTextContent('Value not quantified')
    await user.click(within(dialog).getByRole('button', { name: 'Add objection types' }))

    await vi.waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('2 objection types added from MEDDIC.'),
    )
    expect(fakeApi.writes()).toEqual([
      { method: 'POST', url: '/v1/objections/types/from-framework', body: { framework: 'meddic' } },
    ])
    expect(await screen.findByRole('link', { name: 'Value not quantified' })).toBeVisible()
    expect(screen.queryByRole('dialog')).toBeNull()

    // A second time, nothing is left to add.
    await user.click(screen.getByRole('button', { name: 'Add types from a framework' }))
    await user.click(await screen.findByRole('radio', { name: 'MEDDIC' }))
    await user.click(screen.getByRole('button', { name: 'Add objection types' }))
    await vi.waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'You already have every objection type of MEDDIC.',
      ),
    )
  })

  it('shows the objections found for a type, or none when they cannot be loaded', async () => {
    const user = userEvent.setup()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const price = objectionTypeFixture()
    const timing = objectionTypeFixture({ name: 'Timing' })
    fakeApi.seed({
      objectionTypes: [price, timing],
      objections: [
        objectionFixture(price.id, {
          id: '00000000-0000-4000-8000-0000000000c1',
          deal_id: '00000000-0000-4000-8000-0000000000d1',
          deal_name: 'Acme renewal',
          engagement_id: '00000000-0000-4000-8000-0000000000e1',
          text: 'That is more than we budgeted.',
          speaker: 'Dana',
          handled: true,
          handling_score: 0.8,
          response: 'Let us look at the return.',
          occurred_at: '2025-03-05T10:00:00.000Z',
        }),
      ],
    })
    fakeApi.failNext(`GET /v1/objections/types/${timing.id}/objections`, {
      status: 500,
      code: 'internal_error',
      message: 'Something went wrong',
    })
    renderObjectionTypes(LIST)

    const open = await screen.findByRole('button', {
      name: 'Objections found for “Price / budget”',
    })
    expect(open).toHaveAttribute('aria-expanded', 'false')
    await user.click(open)
    expect(open).toHaveAttribute('aria-expanded', 'true')
    expect(await screen.findByText('1 objection found')).toBeVisible()
    expect(screen.getByText('That is more than we budgeted.')).toBeVisible()
    expect(screen.getByText('Handled')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Acme renewal' })).toHaveAttribute(
      'href',
      '/deals/00000000-0000-4000-8000-0000000000d1/',
    )

    // Spec §8: a failed fetch is logged and shows an empty list with count 0.
    await user.click(screen.getByRole('button', { name: 'Objections found for “Timing”' }))
    expect(await screen.findByText('0 objections found')).toBeVisible()
    expect(warn).toHaveBeenCalledWith(
      `The objections of type ${timing.id} could not be loaded.`,
      expect.anything(),
    )
  })

  it('shows members the list read-only', async () => {
    fakeApi.seed({ objectionTypes: [objectionTypeFixture()] })
    renderObjectionTypes(LIST, { canEdit: false })
    expect(await screen.findByRole('switch', { name: 'Active: Price / budget' })).toBeDisabled()
    expect(screen.getByText(/Only admins can change objection types/)).toBeVisible()
    expect(screen.queryByRole('link', { name: 'New objection type' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add types from a framework' })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Delete|^Approve/ })).toBeNull()
    // Only the objections disclosure and the disabled pager remain.
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Objections found',
      'Previous',
      'Next',
    ])
  })
})
