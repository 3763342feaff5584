import type { CrmIntegrationStatus, CrmProvider } from '@dealcoach/contracts/crm'
import { Link } from '@tanstack/react-router'
import { InfoIcon } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { HttpError } from '@/lib/api-client'
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
        <CrmStatusBody status={status.data} canEdit={canEdit} />
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

function CrmStatusBody({ status, canEdit }: { status: CrmIntegrationStatus; canEdit: boolean }) {
  const { t } = useTranslation('onboarding')
  const errorText = useServerErrorText()
  const linkToken = useCreateCrmLinkToken()
  const [notice, setNotice] = useState<Notice | null>(null)
  const [pending, setPending] = useState<CrmProvider | null>(null)
  const [privateApp, setPrivateApp] = useState<PrivateAppLink | null>(null)

  const link = (provider: CrmProvider) => {
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
        onError: (error) =>
          setNotice(
            // 501: this installation cannot link that CRM yet. It is a notice, not a failure,
            // told in our words (the server's sentence promised CRMs that do not link either).
            error instanceof HttpError && error.code === 'crm_provider_unavailable'
              ? { kind: 'unavailable', provider }
              : {
                  kind: 'failed',
                  message: errorText(error, {}, t('crm.link_failed')),
                },
          ),
        onSettled: () => setPending(null),
      },
    )
  }

  const tokenForm = privateApp ? (
    <CrmPrivateAppForm
      key={privateApp.state}
      provider={privateApp.provider}
      state={privateApp.state}
      scopes={privateApp.scopes}
      onConnected={() => {
        setNotice({ kind: 'connected', provider: privateApp.provider })
        setPrivateApp(null)
      }}
      onCancel={() => setPrivateApp(null)}
    />
  ) : null

  return (
    <div className="flex flex-col gap-4">
      {status.linked && status.provider ? (
        <CrmConnection
          status={{ ...status, provider: status.provider }}
          canEdit={canEdit}
          reconnecting={pending !== null}
          onReconnect={() => status.provider && link(status.provider)}
        />
      ) : (
        <p className="text-sm text-gray-700">{t('crm.not_linked')}</p>
      )}
      {status.linked ? null : (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-gray-900">{t('crm.supported')}</h3>
          {canEdit ? (
            <div className="flex flex-wrap gap-2">
              {status.supported_providers.map((provider) => (
                <Button
                  key={provider}
                  type="button"
                  variant="outline"
                  disabled={linkToken.isPending}
                  onClick={() => link(provider)}
                >
                  {pending === provider
                    ? t('crm.linking', { provider: CRM_PROVIDER_NAMES[provider] })
                    : t('crm.link', { provider: CRM_PROVIDER_NAMES[provider] })}
                </Button>
              ))}
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
              {/* Our own words: the server's sentence listed CRMs that cannot be linked either. */}
              <p>{t('crm.unavailable_detail')}</p>
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
