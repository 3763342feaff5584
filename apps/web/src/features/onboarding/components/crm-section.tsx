import type { CrmIntegrationStatus, CrmProvider } from '@dealcoach/contracts/crm'
import { Link } from '@tanstack/react-router'
import { InfoIcon } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { HttpError } from '@/lib/api-client'
import { formatList } from '@/lib/format-list'
import { hardNavigation } from '@/lib/hard-navigation'
import { useServerErrorText } from '@/lib/use-server-errors'
import { useCreateCrmLinkToken } from '../api/create-crm-link-token'
import { useCrmStatus } from '../api/get-crm-status'
import { CRM_PROVIDER_NAMES } from '../onboarding-options'
import { CrmConnection } from './crm-connection'
import { CrmPrivateAppForm } from './crm-private-app-form'
import { OnboardingSection } from './onboarding-section'

/** The checklist's links to the CRM step land here. */
export const CRM_SECTION_ID = 'crm'

/** Whether a CRM is linked, and for admins a way to start linking one. */
export function CrmSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('onboarding')
  const status = useCrmStatus()

  return (
    <OnboardingSection
      id={CRM_SECTION_ID}
      title={t('crm.title')}
      description={t('crm.description')}
      className="scroll-mt-4"
    >
      {status.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">{t('crm.loading')}</span>
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-9 w-72 max-w-full" />
        </div>
      ) : status.isError ? (
        <LoadError onRetry={() => void status.refetch()}>{t('crm.load_failed')}</LoadError>
      ) : (
        <CrmStatusBody
          status={status.data}
          canEdit={canEdit}
          onOutdated={() => void status.refetch()}
        />
      )}
    </OnboardingSection>
  )
}

type Notice =
  | { kind: 'unavailable'; provider: CrmProvider }
  | { kind: 'failed'; message: string }
  | { kind: 'started'; provider: CrmProvider }
  | { kind: 'connected'; provider: CrmProvider }

/** A link waiting for the private app's token: the signed state and the scopes it must grant. */
interface PrivateAppLink {
  provider: CrmProvider
  state: string
  scopes: readonly string[]
}

/** 409 crm_provider_not_linkable: a CRM Dealcoach supports that this installation cannot link. */
const isNotLinkable = (error: unknown) =>
  error instanceof HttpError && error.code === 'crm_provider_not_linkable'

function CrmStatusBody({
  status,
  canEdit,
  onOutdated,
}: {
  status: CrmIntegrationStatus
  canEdit: boolean
  /** The server refused what the status offered: read the status again. */
  onOutdated: () => void
}) {
  const { t, i18n } = useTranslation('onboarding')
  const errorText = useServerErrorText()
  const linkToken = useCreateCrmLinkToken()
  const [notice, setNotice] = useState<Notice | null>(null)
  const [pending, setPending] = useState<CrmProvider | null>(null)
  const [privateApp, setPrivateApp] = useState<PrivateAppLink | null>(null)
  // The button that asked for the token form (Link or Reconnect): Cancel gives it the focus back,
  // as a dialog gives it back to its opener (ModalDialog), rather than dropping it to <body>.
  const opener = useRef<HTMLElement | null>(null)
  // A completed link removes the token form and the Link buttons, the focus with them: it goes to
  // the connection that took their place, once that shows.
  const connection = useRef<HTMLParagraphElement>(null)
  const focusConnection = useRef(false)
  useEffect(() => {
    if (!focusConnection.current || !connection.current) return
    connection.current.focus()
    focusConnection.current = false
  })

  const link = (provider: CrmProvider, from: HTMLElement) => {
    opener.current = from
    setNotice(null)
    setPrivateApp(null)
    setPending(provider)
    linkToken.mutate(
      { integration_name: provider },
      {
        onSuccess: (answer) => {
          if (answer.method === 'oauth' && answer.authorize_url) {
            // The CRM asks for consent on its own site and comes back to the callback route.
            hardNavigation.assign(answer.authorize_url)
          } else if (answer.method === 'private_app') {
            setPrivateApp({
              provider,
              state: answer.link_token,
              scopes: answer.required_scopes ?? [],
            })
          } else {
            setNotice({ kind: 'started', provider })
          }
        },
        onError: (error) => {
          if (isNotLinkable(error)) {
            // The status was out of date (the offer changed since it was read): a notice in our
            // words naming what can be linked, and the status again so the buttons follow.
            setNotice({ kind: 'unavailable', provider })
            onOutdated()
            return
          }
          setNotice({ kind: 'failed', message: errorText(error, {}, t('crm.link_failed')) })
        },
        onSettled: () => setPending(null),
      },
    )
  }

  // Those the notice may point to instead: never the refused CRM, whatever the status said.
  const linkableNames = status.linkable_providers
    .filter((provider) => notice?.kind !== 'unavailable' || provider !== notice.provider)
    .map((provider) => CRM_PROVIDER_NAMES[provider])

  const tokenForm = privateApp ? (
    <CrmPrivateAppForm
      key={privateApp.state}
      provider={privateApp.provider}
      state={privateApp.state}
      scopes={privateApp.scopes}
      onConnected={() => {
        setNotice({ kind: 'connected', provider: privateApp.provider })
        setPrivateApp(null)
        focusConnection.current = true
      }}
      onCancel={() => {
        setPrivateApp(null)
        if (opener.current?.isConnected) opener.current.focus()
      }}
    />
  ) : null

  return (
    <div className="flex flex-col gap-4">
      {status.linked && status.provider ? (
        <CrmConnection
          status={{ ...status, provider: status.provider }}
          canEdit={canEdit}
          reconnecting={pending !== null}
          onReconnect={(from) => status.provider && link(status.provider, from)}
          summaryRef={connection}
        />
      ) : (
        <p className="text-sm text-gray-700">{t('crm.not_linked')}</p>
      )}
      {status.linked ? null : (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-gray-900">{t('crm.supported')}</h3>
          {canEdit ? (
            <div className="flex flex-wrap items-start gap-2">
              {status.supported_providers.map((provider) =>
                status.linkable_providers.includes(provider) ? (
                  <Button
                    key={provider}
                    type="button"
                    variant="outline"
                    disabled={linkToken.isPending}
                    onClick={(event) => link(provider, event.currentTarget)}
                  >
                    {pending === provider
                      ? t('crm.linking', { provider: CRM_PROVIDER_NAMES[provider] })
                      : t('crm.link', { provider: CRM_PROVIDER_NAMES[provider] })}
                  </Button>
                ) : (
                  <NotLinkableProvider key={provider} provider={provider} />
                ),
              )}
            </div>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {status.supported_providers.map((provider) => (
                <li key={provider}>
                  <Badge variant="secondary">{CRM_PROVIDER_NAMES[provider]}</Badge>
                </li>
              ))}
            </ul>
          )}
          {canEdit ? null : <p className="text-sm text-gray-600">{t('crm.members_cannot_link')}</p>}
          {canEdit ? (
            <p className="text-sm">
              <Link to="/imports/new/" className="text-brand-700 underline hover:text-brand-600">
                {t('crm.import_csv')}
              </Link>
            </p>
          ) : null}
        </div>
      )}
      {/* One place whether linked or not: the connect call flips the status, and a form moved
          elsewhere in the tree would be a new one that never hears its own call succeed. */}
      {tokenForm}
      {/* Announced politely: the live region exists before the notice fills it. */}
      <div role="status" className="empty:hidden">
        {notice?.kind === 'unavailable' ? (
          <div className="flex gap-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <div className="flex flex-col gap-1">
              <p className="font-medium">
                {t('crm.unavailable', { provider: CRM_PROVIDER_NAMES[notice.provider] })}
              </p>
              <p>
                {linkableNames.length > 0
                  ? t('crm.unavailable_alternatives', {
                      providers: formatList(linkableNames, i18n.language),
                    })
                  : t('crm.unavailable_none')}
              </p>
            </div>
          </div>
        ) : notice?.kind === 'started' ? (
          <p className="rounded-md border border-brand-600/20 bg-brand-50 p-3 text-sm text-brand-700">
            {t('crm.link_started', { provider: CRM_PROVIDER_NAMES[notice.provider] })}
          </p>
        ) : notice?.kind === 'connected' ? (
          <p className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800">
            {t('crm.connected_notice', { provider: CRM_PROVIDER_NAMES[notice.provider] })}
          </p>
        ) : null}
      </div>
      {notice?.kind === 'failed' ? <FormAlert>{notice.message}</FormAlert> : null}
    </div>
  )
}

/**
 * A CRM Dealcoach supports that this installation cannot link yet: its Link button is shown
 * disabled with the reason under it, so it is neither a dead end nor silently missing.
 */
function NotLinkableProvider({ provider }: { provider: CrmProvider }) {
  const { t } = useTranslation('onboarding')
  const reasonId = useId()
  return (
    <div className="flex flex-col items-start gap-1">
      <Button type="button" variant="outline" disabled aria-describedby={reasonId}>
        {t('crm.link', { provider: CRM_PROVIDER_NAMES[provider] })}
      </Button>
      <span id={reasonId} className="text-xs text-gray-600">
        {t('crm.not_linkable')}
      </span>
    </div>
  )
}
