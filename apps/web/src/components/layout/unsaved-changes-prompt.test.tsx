import {
  createBrowserHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { UnsavedChangesPrompt } from './unsaved-changes-prompt'

/** A page with one field: typing in it makes the page dirty. */
function EditPage() {
  const [name, setName] = useState('')
  return (
    <>
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <UnsavedChangesPrompt when={name !== ''} />
    </>
  )
}

function renderApp() {
  window.history.replaceState(null, '', '/configure/product/')
  const root = createRootRoute({
    component: () => (
      <>
        <Link to="/dashboard/">Elsewhere</Link>
        <Outlet />
      </>
    ),
  })
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/configure/product/', component: EditPage }),
    createRoute({
      getParentRoute: () => root,
      path: '/dashboard/',
      component: () => <h1>Elsewhere page</h1>,
    }),
  ]
  const router = createRouter({
    routeTree: root.addChildren(routes),
    // The browser history: it is the one that answers the tab's beforeunload.
    history: createBrowserHistory(),
    trailingSlash: 'always',
  })
  render(<RouterProvider router={router} />)
  return router
}

/** What the browser's beforeunload handlers answer: true when the tab would ask before closing. */
function tabCloseAsks() {
  const event = new Event('beforeunload', { cancelable: true })
  window.dispatchEvent(event)
  return event.defaultPrevented
}

describe('UnsavedChangesPrompt', () => {
  it('lets the user leave a page without edits, with no question', async () => {
    const user = userEvent.setup()
    renderApp()
    await screen.findByLabelText('Name')
    expect(tabCloseAsks()).toBe(false)
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('asks before leaving unsaved edits; staying keeps them', async () => {
    const user = userEvent.setup()
    const router = renderApp()
    await user.type(await screen.findByLabelText('Name'), 'Ada')
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))

    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    expect(dialog).toHaveTextContent('Your changes on this page are not saved yet.')
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }))

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/configure/product/')
    expect(screen.getByLabelText('Name')).toHaveValue('Ada')
  })

  it('leaves when the user chooses to, and the edits are dropped', async () => {
    const user = userEvent.setup()
    const router = renderApp()
    await user.type(await screen.findByLabelText('Name'), 'Ada')
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }))

    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/')
  })

  it('asks the browser to confirm closing the tab while edits are unsaved', async () => {
    const user = userEvent.setup()
    renderApp()
    await user.type(await screen.findByLabelText('Name'), 'Ada')
    expect(tabCloseAsks()).toBe(true)
    await user.clear(screen.getByLabelText('Name'))
    expect(tabCloseAsks()).toBe(false)
  })

  it('does not ask when the navigation follows a save (ignoreBlocker)', async () => {
    const user = userEvent.setup()
    const router = renderApp()
    await user.type(await screen.findByLabelText('Name'), 'Ada')
    await router.navigate({ to: '/dashboard/', ignoreBlocker: true })
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
