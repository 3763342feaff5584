import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { setSessionExpiredHandler } from './lib/api-client'
import { initI18n } from './lib/i18n'
import { createQueryClient } from './lib/query-client'
import { restoreSession } from './lib/session-restore'
import { createAppRouter } from './router'
import { loadAppFrame } from './routes/-app-frame-loader'
import { isAppLocation } from './routes/-app-location'
import './styles.css'

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

setSessionExpiredHandler(() => void router.navigate({ to: '/login/' }))

// What the first paint needs is asked for first: an application page's frame (a failure here is
// the root layout's to show, when it asks for the frame itself) and the texts. A page's own
// chunks can be dozens, and over HTTP/1.1's six connections a host they would queue ahead.
if (isAppLocation(router, window.location.pathname)) loadAppFrame().catch(() => undefined)
const texts = initI18n()
// Spec §4: on load, one refresh attempt restores the session (success keeps the token, failure
// clears it). The page does not wait for it: the routes that need the session do, showing the
// shell and a placeholder meanwhile. Only the texts are awaited, so nothing flashes untranslated.
void restoreSession()
// The page's chunks (its loader and component) start loading alongside the texts and the session
// refresh, rather than after them.
for (const match of router.matchRoutes(window.location.pathname, {})) {
  void router.loadRouteChunk(router.routesById[match.routeId])?.catch(() => undefined)
}
await texts

// The router starts loading the page before React mounts it. Left to the router's mount, that
// first load runs inside React's first commit and draws the whole frame again, synchronously, in
// one long task; started here, React's first render is a transition, in slices that leave the
// browser free between them (DESIGN §7, ADR 0030). What a load fails on, its route shows.
void router.load().catch(() => undefined)
startTransition(() =>
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
)
