import '@/test-support/dom-polyfills'
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { getI18n } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UserMenu } from '@/components/layout/user-menu'
import { notify } from '@/components/ui/toast'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { meFixture } from '@/test-support/fake-api/fixtures/user-fixtures'
import { meQueryOptions } from '../api/get-me'
import { WorkspaceSection } from './workspace-section'

// The German texts, for the same section in the German UI.
const german = import.meta.glob<Record<string, unknown>>(
  '../../../../public/locales/de/{common,settings,ui}.json',
  { eager: true, import: 'default' },
)

async function inGerman() {
  const i18n = getI18n()
  for (const [file, texts] of Object.entries(german)) {
    i18n.addResourceBundle('de', file.replace(/^.*\/(.+)\.json$/, '$1'), texts)
  }
  await act(() => i18n.changeLanguage('de'))
}

/** The section as Settings mounts it, with the account menu naming the workspace from `me`. */
function renderSection() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  client.setQueryData(meQueryOptions().queryKey, fakeApi.state.me)
  function Harness() {
    const me = useQuery({ ...meQueryOptions(), enabled: false })
    if (!me.data) return null
    return (
      <>
        <UserMenu
          userName="Ada Lovelace"
          workspaceName={me.data.organisation.name}
          onSignOut={() => {}}
        />
        <WorkspaceSection
          organisation={me.data.organisation}
          canRename={me.data.role === 'admin'}
        />
      </>
    )
  }
  const root = createRootRoute()
  const page = createRoute({ getParentRoute: () => root, path: '/', component: Harness })
  const settings = createRoute({ getParentRoute: () => root, path: '/settings/' })
  const router = createRouter({
    routeTree: root.addChildren([page, settings]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

const nameBox = (label = 'Workspace name') => screen.getByRole('textbox', { name: label })
const findNameBox = () => screen.findByRole('textbox', { name: 'Workspace name' })

describe('WorkspaceSection', () => {
  beforeEach(() => vi.clearAllMocks())
  afterEach(async () => {
    await act(() => getI18n().changeLanguage('en'))
  })

  it('lets an admin rename the workspace; the account menu shows the new name at once', async () => {
    const user = userEvent.setup()
    renderSection()
    expect(await findNameBox()).toHaveValue('Analytical Engines')
    await user.clear(nameBox())
    await user.type(nameBox(), '  Difference Engines ')
    await user.click(screen.getByRole('button', { name: 'Save workspace name' }))

    await vi.waitFor(() => expect(fakeApi.state.me.organisation.name).toBe('Difference Engines'))
    expect(fakeApi.writes()).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        url: '/v1/organisation',
        body: { name: 'Difference Engines' },
      }),
    ])
    await vi.waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'The workspace is now called Difference Engines.',
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    expect(await screen.findByText('Difference Engines')).toBeInTheDocument()
  })

  it('asks for a name instead of sending a blank one, in English and in German', async () => {
    const user = userEvent.setup()
    renderSection()
    await user.clear(await findNameBox())
    await user.click(screen.getByRole('button', { name: 'Save workspace name' }))
    expect(nameBox()).toHaveAccessibleDescription(/Give the workspace a name\./)

    await inGerman()
    expect(nameBox('Name des Arbeitsbereichs')).toHaveAccessibleDescription(
      /Geben Sie dem Arbeitsbereich einen Namen\./,
    )
    expect(fakeApi.writes()).toEqual([])
  })

  it("shows the server's refusal at the field in the client's words", async () => {
    const user = userEvent.setup()
    renderSection()
    fakeApi.failNext('PATCH /v1/organisation', {
      status: 400,
      code: 'validation_failed',
      message: 'body.name: Too big: expected string to have <=200 characters',
      details: [
        { path: 'body.name', message: 'Too big: expected string to have <=200 characters' },
      ],
    })
    await user.type(await findNameBox(), ' Ltd')
    await user.click(screen.getByRole('button', { name: 'Save workspace name' }))
    await vi.waitFor(() => expect(nameBox()).toHaveAccessibleDescription(/200/))
    expect(screen.queryByText(/Too big/)).toBeNull()
  })

  it('shows members the name read-only, in English and in German', async () => {
    fakeApi.seed({ me: meFixture({ role: 'member' }) })
    renderSection()
    expect(await findNameBox()).toHaveValue('Analytical Engines')
    expect(nameBox()).toHaveAttribute('readonly')
    expect(nameBox()).toHaveAccessibleDescription('Only admins can rename the workspace.')
    expect(screen.queryByRole('button', { name: 'Save workspace name' })).toBeNull()

    await inGerman()
    expect(nameBox('Name des Arbeitsbereichs')).toHaveAccessibleDescription(
      'Nur Admins können den Arbeitsbereich umbenennen.',
    )
  })
})
