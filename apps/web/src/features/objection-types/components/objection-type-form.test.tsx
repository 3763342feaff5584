import '@/test-support/dom-polyfills'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { getI18n } from 'react-i18next'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '@/components/ui/toast'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { objectionTypeFixture } from '@/test-support/fake-api/fixtures/objection-type-fixtures'
import { renderObjectionTypes } from '@/test-support/render-objection-types'

// The German texts, for the same refusal in the German UI.
const german = import.meta.glob<Record<string, unknown>>(
  '../../../../public/locales/de/{common,ui,objection-types}.json',
  { eager: true, import: 'default' },
)

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('the new objection type form', () => {
  beforeEach(() => vi.clearAllMocks())

  it('asks for a name before sending anything', async () => {
    const user = userEvent.setup()
    renderObjectionTypes('/configure/objections/new/')

    const name = await screen.findByRole('textbox', { name: 'Name' })
    await user.type(name, '   ')
    await user.click(screen.getByRole('button', { name: 'Create objection type' }))

    expect(await screen.findByText('Give the objection type a name.')).toBeVisible()
    expect(name).toHaveAttribute('aria-invalid', 'true')
    // Spec §5: the label gets the red asterisk while the field is in error.
    expect(screen.getByText('Name').closest('label')).toHaveTextContent('*')
    await vi.waitFor(() => expect(name).toHaveFocus())
    expect(fakeApi.writes()).toEqual([])
  })

  it('counts characters against the limits', async () => {
    const user = userEvent.setup()
    renderObjectionTypes('/configure/objections/new/')
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Timing')
    expect(screen.getByText('6/200')).toBeInTheDocument()
    expect(screen.getByText('0/2000')).toBeInTheDocument()
  })

  it('creates the type with a client UUID, dropping blank examples, and returns to the list', async () => {
    const user = userEvent.setup()
    const { router } = renderObjectionTypes('/configure/objections/new/')

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), '  Timing ')
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Not now.')
    const examples = screen.getByRole('group', { name: 'Examples' })
    await user.click(within(examples).getByRole('button', { name: 'Add example' }))
    await user.keyboard('  Call me next quarter ')
    await user.click(within(examples).getByRole('button', { name: 'Add example' }))
    await user.keyboard('   ')
    await user.click(within(examples).getByRole('button', { name: 'Add example' }))
    await user.click(screen.getByRole('switch', { name: 'Active' }))
    await user.click(screen.getByRole('button', { name: 'Create objection type' }))

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/configure/objections/'))
    expect(fakeApi.writes()).toEqual([
      {
        method: 'POST',
        url: '/v1/objections/types',
        body: {
          id: expect.stringMatching(UUID_V4) as string,
          name: 'Timing',
          description: 'Not now.',
          examples: ['Call me next quarter'],
          active: false,
        },
      },
    ])
    expect(notify.success).toHaveBeenCalledWith('Objection type “Timing” created.')
    expect(await screen.findByRole('link', { name: 'Timing' })).toBeVisible()
  })

  it('puts a taken name under the name field in the page’s language, never the server’s sentence', async () => {
    const user = userEvent.setup()
    fakeApi.failNext('POST /v1/objections/types', {
      status: 409,
      code: 'objection_type_name_taken',
      message: 'Your organisation already has an objection type named "Timing".',
      details: [{ path: 'body.name', message: 'is already used by another objection type' }],
    })
    const { router } = renderObjectionTypes('/configure/objections/new/')

    const name = await screen.findByRole('textbox', { name: 'Name' })
    await user.type(name, 'Timing')
    await user.click(screen.getByRole('button', { name: 'Create objection type' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This name is already in use. Choose another one.',
    )
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining('This name is already in use. Choose another one.'),
    )
    expect(screen.queryByText(/already has an objection type/)).toBeNull()
    expect(router.state.location.pathname).toBe('/configure/objections/new/')
    expect(name).toHaveValue('Timing')

    // Editing the name clears the stale refusal.
    await user.type(name, ' 2')
    expect(name).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByRole('alert')).toBeNull()

    // The same refusal in the German UI.
    const i18n = getI18n()
    for (const [file, texts] of Object.entries(german)) {
      i18n.addResourceBundle('de', file.replace(/^.*\/(.+)\.json$/, '$1'), texts)
    }
    await act(() => i18n.changeLanguage('de'))
    try {
      fakeApi.failNext('POST /v1/objections/types', {
        status: 409,
        code: 'objection_type_name_taken',
        message: 'Your organisation already has an objection type named "Timing 2".',
        details: [{ path: 'body.name', message: 'is already used by another objection type' }],
      })
      await user.click(screen.getByRole('button', { name: 'Einwandtyp anlegen' }))
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Dieser Name wird bereits verwendet. Wählen Sie einen anderen.',
      )
    } finally {
      await act(() => i18n.changeLanguage('en'))
    }
  })

  it('tells members that admins add types', async () => {
    renderObjectionTypes('/configure/objections/new/', { canEdit: false })
    expect(
      await screen.findByRole('heading', { name: 'Objection types are edited by admins' }),
    ).toBeVisible()
    expect(screen.queryByRole('textbox')).toBeNull()
  })
})

describe('the edit objection type form', () => {
  beforeEach(() => vi.clearAllMocks())

  it('sends only the non-empty fields and the active flag', async () => {
    const user = userEvent.setup()
    const type = objectionTypeFixture()
    fakeApi.seed({ objectionTypes: [type] })
    const { router } = renderObjectionTypes(`/configure/objections/${type.id}/edit/`)

    expect(await screen.findByRole('heading', { level: 1, name: 'Price / budget' })).toBeVisible()
    const name = screen.getByRole('textbox', { name: 'Name' })
    await user.clear(name)
    await user.type(name, 'Budget')
    await user.clear(screen.getByRole('textbox', { name: 'Description' }))
    await user.click(screen.getByRole('button', { name: 'Remove example 1' }))
    await user.clear(screen.getByRole('textbox', { name: 'example 1' }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/configure/objections/'))
    expect(fakeApi.writes()).toEqual([
      {
        method: 'PUT',
        url: `/v1/objections/types/${type.id}`,
        body: { name: 'Budget', active: true },
      },
    ])
    expect(notify.success).toHaveBeenCalledWith('Objection type “Budget” saved.')
  })

  it('still asks for a name, which the update could not clear', async () => {
    const user = userEvent.setup()
    const type = objectionTypeFixture()
    fakeApi.seed({ objectionTypes: [type] })
    renderObjectionTypes(`/configure/objections/${type.id}/edit/`)
    await user.clear(await screen.findByRole('textbox', { name: 'Name' }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Give the objection type a name.')).toBeVisible()
    expect(fakeApi.writes()).toEqual([])
  })

  it('shows not-found for an unknown id', async () => {
    renderObjectionTypes('/configure/objections/00000000-0000-4000-8000-00000000dead/edit/')
    expect(
      await screen.findByRole('heading', { name: 'This objection type does not exist' }),
    ).toBeVisible()
    for (const link of screen.getAllByRole('link', { name: 'All objection types' })) {
      expect(link).toHaveAttribute('href', '/configure/objections/')
      expect(link).not.toHaveAttribute('aria-current')
    }
  })

  it('shows members the type read-only, with its objections', async () => {
    const type = objectionTypeFixture()
    fakeApi.seed({ objectionTypes: [type] })
    renderObjectionTypes(`/configure/objections/${type.id}/edit/`, { canEdit: false })
    const name = await screen.findByRole('textbox', { name: 'Name' })
    expect(name).toHaveAttribute('readonly')
    expect(screen.getByRole('switch', { name: 'Active' })).toBeDisabled()
    expect(screen.getByText(/Only admins can change objection types/)).toBeVisible()
    expect(screen.queryByRole('button')).toBeNull()
    expect(await screen.findByText('0 objections found')).toBeVisible()
  })
})
