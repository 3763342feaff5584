import { createFileRoute } from '@tanstack/react-router'
import { pendingPage } from '@/components/layout/pending-page'
import { CrmCallback } from '@/features/onboarding/components/crm-callback'
import { loadNamespaces } from '@/lib/i18n'
import { searchSchema, stringSearchParam } from '@/lib/search-params'

// HubSpot's OAuth redirect (ADR 0015): ?code=…&state=…, or neither when the admin declined.
const callbackSearch = searchSchema({ code: stringSearchParam, state: stringSearchParam })

export const Route = createFileRoute('/_private/_app/settings/crm/hubspot/callback')({
  validateSearch: callbackSearch,
  loader: () => loadNamespaces('onboarding'),
  pendingComponent: pendingPage('form'),
  component: HubspotCallbackPage,
})

function HubspotCallbackPage() {
  const { code, state } = Route.useSearch()
  return <CrmCallback provider="hubspot" code={code} state={state} />
}
