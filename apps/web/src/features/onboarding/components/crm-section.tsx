import type { CrmIntegrationStatus, CrmProvider } from '@dealcoach/contracts/crm'
import { InfoIcon, LinkIcon } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { HttpError } from '@/lib/api-client'
import { formatDate } from '@/lib/dates/format-date'
import { useServerErrorText } from '@/lib/use-server-errors'
import { useCreateCrmLinkToken } from '../api/create-crm-link-token'
import { useCrmStatus } from '../api/get-crm-status'
import { CRM_PROVIDER_NAMES } from '../onboarding-options'
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

function CrmStatusBody({ status, canEdit }: { status: CrmIntegrationStatus; canEdit: boolean }) {
  const { t, i18n } = useTranslation('onboarding')
  const errorText = useServerErrorText()
  const linkToken = useCreateCrmLinkToken()
  const [notice, setNotice] = useState<Notice | null>(null)
  const [pending, setPending] = useState<CrmProvider | null>(null)

  const link = (provider: CrmProvider) => {
    setNotice(null)
    setPending(provider)
    linkToken.mutate(
      { integration_name: provider },
      {
        onSuccess: () => setNotice({ kind: 'started', provider }),
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

  return (
    <div className="flex flex-col gap-4">
      {status.linked && status.provider ? (
        <div className="flex flex-col gap-1 text-sm text-gray-700">
          <p className="flex items-center gap-2 font-medium text-gray-900">
            <LinkIcon aria-hidden="true" className="size-4 text-emerald-600" />
            {t('crm.linked', { provider: CRM_PROVIDER_NAMES[status.provider] })}
          </p>
          {status.account_name ? <p>{t('crm.account', { name: status.account_name })}</p> : null}
          {status.linked_at ? (
            <p>
              {t('crm.linked_at', { date: formatDate(status.linked_at, 'long', i18n.language) })}
            </p>
          ) : null}
          <p>
            {status.last_synced_at
              ? t('crm.last_synced', {
                  date: formatDate(status.last_synced_at, 'withTime', i18n.language),
                })
              : t('crm.never_synced')}
          </p>
        </div>
      ) : (
        <p className="text-sm text-gray-700">{t('crm.not_linked')}</p>
      )}
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-medium text-gray-900">{t('crm.supported')}</h3>
        {canEdit && !status.linked ? (
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
        {!canEdit && !status.linked ? (
          <p className="text-sm text-gray-600">{t('crm.members_cannot_link')}</p>
        ) : null}
      </div>
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
        ) : null}
      </div>
      {notice?.kind === 'failed' ? <FormAlert>{notice.message}</FormAlert> : null}
    </div>
  )
}
