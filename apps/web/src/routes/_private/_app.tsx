import { createFileRoute, Outlet } from '@tanstack/react-router'
import { PendingLocationPage } from '@/components/layout/pending-location-page'

/**
 * The application's pages. Their frame (sidebar and header) is drawn by the root layout, so that
 * it stays mounted while the session is restored and from page to page: see `-app-frame.tsx`.
 */
export const Route = createFileRoute('/_private/_app')({
  pendingComponent: PendingLocationPage,
  component: Outlet,
})
