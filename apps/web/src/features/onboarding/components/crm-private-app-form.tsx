import type { CrmProvider } from '@dealcoach/contracts/crm'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { formatList } from '@/lib/format-list'
import { useServerErrors } from '@/lib/use-server-errors'
import { useConnectCrm } from '../api/connect-crm'
import { CRM_PROVIDER_NAMES } from '../onboarding-options'

// The contract's limit on a private-app token (crmConnectBodySchema).
const FIELDS = { private_app_token: { maxLength: 500 } }

interface CrmPrivateAppFormProps {
  provider: CrmProvider
  /** The signed state the link token answered; the server checks it on connect. */
  state: string
  /** The scopes the private app must grant, as the server named them. */
  scopes: readonly string[]
  onConnected: () => void
  onCancel: () => void
}

/** Asks for a private app's access token when the installation has no OAuth app for the CRM. */
export function CrmPrivateAppForm({
  provider,
  state,
  scopes,
  onConnected,
  onCancel,
}: CrmPrivateAppFormProps) {
  const { t, i18n } = useTranslation('onboarding')
  const connect = useConnectCrm()
  const [token, setToken] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const server = useServerErrors(connect.error, FIELDS, { fallback: t('crm.connect_failed') })
  const name = CRM_PROVIDER_NAMES[provider]
  // The form appears in answer to Link (or Reconnect), a button that is disabled while the link is
  // asked for and so drops the focus to <body>: the token asked for here is where the admin goes.
  const tokenRef = useRef<HTMLInputElement>(null)
  useEffect(() => tokenRef.current?.focus(), [])

  const tokenError =
    submitted && !token.trim() ? t('crm.token_required') : server.fieldError('private_app_token')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (!token.trim()) return
    connect.mutate(
      { integration_name: provider, state, private_app_token: token.trim() },
      { onSuccess: onConnected },
    )
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t('crm.token_form', { provider: name })}
      className="flex flex-col gap-3 rounded-md border border-gray-200 p-4"
    >
      {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
      <FormField
        label={t('crm.token_label', { provider: name })}
        error={tokenError}
        description={t('crm.token_help', {
          provider: name,
          scopes: formatList(scopes, i18n.language),
        })}
      >
        <Input
          ref={tokenRef}
          type="password"
          name="private_app_token"
          autoComplete="off"
          value={token}
          maxLength={FIELDS.private_app_token.maxLength}
          onChange={(event) => {
            setToken(event.target.value)
            server.clear('private_app_token')
          }}
          required
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? t('crm.connecting') : t('crm.connect', { provider: name })}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('crm.cancel')}
        </Button>
      </div>
    </form>
  )
}
