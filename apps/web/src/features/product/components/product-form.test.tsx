import '@/test-support/dom-polyfills'
import type { ProductProfile } from '@dealcoach/contracts/organisation'
import { type AnyRootRoute, createRoute, Link } from '@tanstack/react-router'
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { getI18n } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { renderWithQuery } from '@/test-support/render-with-query'
import { renderWithRouter } from '@/test-support/render-with-router'
import { ProductForm } from './product-form'

// The German texts, for the same refusal in the German UI.
const german = import.meta.glob<Record<string, unknown>>(
  '../../../../public/locales/de/{common,configure,ui}.json',
  { eager: true, import: 'default' },
)

const product = (competitors: string[]): ProductProfile => ({
  name: 'Loom',
  description: '',
  value_propositions: [],
  differentiators: [],
  ideal_customer_profile: '',
  competitors,
})

describe('ProductForm list entries', () => {
  afterEach(async () => {
    await act(() => getI18n().changeLanguage('en'))
  })

  it('refuses a repeated entry before asking, in English and in German', async () => {
    const user = userEvent.setup()
    renderWithQuery(<ProductForm product={product(['Acme', ' acme '])} canEdit />)
    await user.click(screen.getByRole('button', { name: 'Save product' }))
    expect(screen.getByRole('alert')).toHaveTextContent('This entry is already in the list.')
    expect(fakeApi.writes()).toEqual([])

    const i18n = getI18n()
    for (const [file, texts] of Object.entries(german)) {
      i18n.addResourceBundle('de', file.replace(/^.*\/(.+)\.json$/, '$1'), texts)
    }
    await act(() => i18n.changeLanguage('de'))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Dieser Eintrag steht bereits in der Liste.',
    )
  })

  it("words the server's refusal of a repeated entry under its list", async () => {
    const user = userEvent.setup()
    renderWithQuery(<ProductForm product={product(['Acme', 'Globex'])} canEdit />)
    fakeApi.failNext('PUT /v1/organisation/product', {
      status: 400,
      code: 'validation_failed',
      message: 'body.competitors.1: is already in the list',
      details: [{ path: 'body.competitors.1', message: 'is already in the list' }],
    })
    await user.click(screen.getByRole('button', { name: 'Save product' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This entry is already in the list.')
    expect(screen.queryByText(/body\.competitors/)).toBeNull()
  })

  it('takes the same product with its fields in another order (a refetch) for no edit', async () => {
    const user = userEvent.setup()
    const saved = product(['Acme'])
    const refetched = Object.fromEntries(Object.entries(saved).reverse()) as ProductProfile
    function Page() {
      const [shown, setShown] = useState(saved)
      return (
        <>
          <button type="button" onClick={() => setShown(refetched)}>
            Refetch
          </button>
          <Link to="/dashboard/">Elsewhere</Link>
          <ProductForm product={shown} canEdit />
        </>
      )
    }
    const elsewhere = (root: AnyRootRoute) =>
      createRoute({ getParentRoute: () => root, path: '/dashboard/', component: () => 'Away' })
    renderWithRouter(<Page />, { routes: (root) => [elsewhere(root)] })
    await user.click(await screen.findByRole('button', { name: 'Refetch' }))
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(await screen.findByText('Away')).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull()
  })
})
