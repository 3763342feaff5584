import type { CrmProvider } from '@dealcoach/contracts/crm'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { FormAlert } from '@/components/ui/form-alert'
import { Spinner } from '@/components/ui/spinner'
import { useServerErrorText } from '@/lib/use-server-errors'
import { useConnectCrm } from '../api/connect-crm'
import { CRM_PROVIDER_NAMES } from '../onboarding-options'
import { CRM_SECTION_ID } from './crm-section'

interface CrmCallbackProps {
  provider: CrmProvider
  /** What the CRM's consent screen sent back; both are missing when the admin declined. */
  code: string | undefined
  state: string | undefined
}

/**
 * Where the CRM's OAuth consent returns to: hands the code and the signed state to the server,
 * then goes back to the onboarding's CRM section; a refusal is told here with a way back.
 */
export function CrmCallback({ provider, code, state }: CrmCallbackProps) {
  const { t } = useTranslation('onboarding')
  const errorText = useServerErrorText()
  const connect = useConnectCrm()
  const navigate = useNavigate()
  const name = CRM_PROVIDER_NAMES[provider]
  const complete = Boolean(code && state)
  // The code is single-use: a second post (a re-render, React's development double effect) fails.
  const sent = useRef(false)

  useEffect(() => {
    if (!code || !state || sent.current) return
    sent.current = true
    connect.mutate(
      { integration_name: provider, code, state },
      {
        onSuccess: () => void navigate({ to: '/onboarding/', hash: CRM_SECTION_ID, replace: true }),
      },
    )
  }, [code, state, provider, connect, navigate])

  const failure = !complete
    ? t('crm.callback_incomplete', { provider: name })
    : connect.isError
      ? errorText(connect.error, { code: {} }, t('crm.callback_failed', { provider: name }))
      : null

  return (
    <>
      <PageHeader title={t('crm.callback_title', { provider: name })} />
      <div className="mt-6 flex max-w-xl flex-col gap-4">
        {failure ? (
          <>
            <FormAlert>{failure}</FormAlert>
            <p className="text-sm">
              <Link
                to="/onboarding/"
                hash={CRM_SECTION_ID}
                className="text-brand-700 underline hover:text-brand-600"
              >
                {t('crm.callback_back')}
              </Link>
            </p>
          </>
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-gray-700">
            <Spinner aria-hidden="true" />
            {t('crm.callback_connecting', { provider: name })}
          </p>
        )}
      </div>
    </>
  )
}
