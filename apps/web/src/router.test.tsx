import { QueryClient } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import type { ComponentType } from 'react'
import { describe, expect, it } from 'vitest'
import type { PendingShape } from './components/layout/pending-page'
import { createAppRouter } from './router'

const router = createAppRouter(new QueryClient())

/** The search a page gets for this URL query, through the router's own parsing. */
function searchFor(path: string, query: string) {
  const matches = router.matchRoutes(path, router.options.parseSearch(query))
  return matches.at(-1)?.search as Record<string, unknown>
}

describe('search params parse to typed values (spec §5)', () => {
  it.each<[string, number]>([
    ['?page=3', 3],
    ['?page=abc', 1],
    ['', 1],
    ['?page=0', 1],
    ['?page=-2', 1],
    ['?page=2.5', 1],
    ['?page=%223%22', 3],
  ])('/configure/objections/%s → page %i', (query, page) => {
    expect(searchFor('/configure/objections/', query)).toMatchObject({ page })
  })

  it('keeps a search that reads as a number as text', () => {
    expect(searchFor('/configure/objections/', '?search=2024')).toMatchObject({ search: '2024' })
  })

  it('types the pipeline overview filters', () => {
    const search = searchFor(
      '/pipeline-overview/',
      '?stages=a,b,&period=thisMonth&startDate=2026-03-01&endDate=2026-02-30&statuses=open&owner=u1',
    )
    expect(search).toMatchObject({
      stages: ['a', 'b'],
      period: 'thisMonth',
      startDate: '2026-03-01',
      statuses: ['open'],
      owner: 'u1',
    })
    expect(search.endDate).toBeUndefined()
    expect(searchFor('/pipeline-overview/', '?period=someday').period).toBeUndefined()
  })

  it('keeps the dashboard_* lists as comma-separated text (spec §2)', () => {
    const search = searchFor(
      '/dashboard/',
      '?dashboard_stages=s1,s2&dashboard_statuses=open,won&dashboard_period=nextWeek&dashboard_tab=progress&tab=nope',
    )
    expect(search).toMatchObject({
      dashboard_stages: 's1,s2',
      dashboard_statuses: 'open,won',
      dashboard_period: 'nextWeek',
      dashboard_tab: 'progress',
    })
    expect(search.tab).toBeUndefined()
  })
})

describe('password recovery pages (issue 18)', () => {
  it('are public routes, each with a form placeholder', () => {
    for (const path of ['/forgot-password/', '/reset-password/some-token']) {
      const match = router.matchRoutes(path, {}).at(-1)
      expect(match?.routeId.startsWith('/_private')).toBe(false)
      const Pending = router.routesById[match?.routeId as '/forgot-password/'].options
        .pendingComponent as ComponentType | undefined
      expect(Pending).toBeDefined()
      if (!Pending) continue
      const { unmount } = render(<Pending />)
      expect(screen.getByRole('status')).toHaveAttribute('data-shape', 'form')
      unmount()
    }
    expect(router.matchRoutes('/reset-password/abc_-1', {}).at(-1)?.params).toEqual({
      token: 'abc_-1',
    })
  })

  it('the sign-in page reads password_reset=done from its search, and nothing else', () => {
    expect(searchFor('/login/', '?password_reset=done')).toMatchObject({ password_reset: 'done' })
    expect(searchFor('/login/', '?password_reset=yes').password_reset).not.toBe('done')
  })
})

describe('settings tabs in the URL', () => {
  it.each(['password', 'sessions', 'team', 'crm'])('opens ?tab=%s', (tab) => {
    expect(searchFor('/settings/', `?tab=${tab}`)).toMatchObject({ tab })
  })

  it('falls back to the profile tab for an unknown one', () => {
    expect(searchFor('/settings/', '?tab=nope').tab).toBeUndefined()
  })
})

// Spec §2: each private route shows a pending placeholder while loading, shaped like its page.
const PENDING_SHAPES: Record<string, PendingShape> = {
  '/_private/_app/onboarding/': 'sections',
  '/_private/_app/dashboard/': 'cards',
  '/_private/_app/pipeline-overview/': 'table',
  '/_private/_app/objections-handling/': 'cards',
  '/_private/_app/recent-activity/': 'table',
  '/_private/_app/settings/': 'tabs',
  '/_private/_app/deals/$dealId': 'detail',
  '/_private/_app/configure/product/': 'form',
  '/_private/_app/configure/pipelines/': 'table',
  '/_private/_app/configure/pipelines/$pipelineId': 'detail',
  '/_private/_app/configure/objections/': 'table',
  '/_private/_app/configure/objections/new': 'form',
  '/_private/_app/configure/objections/$id/edit': 'form',
  '/_private/_app/imports/': 'table',
  '/_private/_app/imports/new': 'form',
  '/_private/_app/imports/$importId': 'detail',
  '/_private/_app/settings/crm/hubspot/callback': 'form',
}

// What the test reads of a route; the router types each route too precisely to list them.
interface RouteLike {
  id: string
  options: { component?: unknown; pendingComponent?: unknown }
}

describe('pending placeholders (spec §2)', () => {
  const routes = Object.values(router.routesById as unknown as Record<string, RouteLike>)
  const privatePages = routes.filter(
    (route) => route.id.startsWith('/_private/_app/') && route.options.component,
  )

  it('knows the shape of every private page', () => {
    expect(privatePages.map((route) => route.id).sort()).toEqual(Object.keys(PENDING_SHAPES).sort())
  })

  it.each(Object.entries(PENDING_SHAPES))('%s shows a %s placeholder', (id, shape) => {
    const route = privatePages.find((candidate) => candidate.id === id)
    const Pending = route?.options.pendingComponent as ComponentType | undefined
    expect(Pending).toBeDefined()
    if (!Pending) return
    render(<Pending />)
    const placeholder = screen.getByRole('status')
    expect(placeholder).toHaveAttribute('data-shape', shape)
    expect(placeholder).toHaveTextContent('Loading')
  })

  it('covers the private layouts too', () => {
    for (const id of ['/_private', '/_private/_app'] as const) {
      expect(router.routesById[id].options.pendingComponent).toBeDefined()
    }
  })
})
