import type { CrmIntegrationStatus, CrmProvider } from '@dealcoach/contracts/crm'
import { LinkIcon, RefreshCwIcon } from 'lucide-react'
import { type Ref, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { DialogActions } from '@/components/ui/dialog-actions'
import { FormAlert } from '@/components/ui/form-alert'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { formatDate } from '@/lib/dates/format-date'
import { formatList } from '@/lib/format-list'
import { useServerErrorText } from '@/lib/use-server-errors'
import { isCrmSyncActive } from '../api/get-crm-status'
import { useDisconnectCrm } from '../api/disconnect-crm'
import { useSyncCrm } from '../api/sync-crm'
import { CRM_PROVIDER_NAMES } from '../onboarding-options'

/** The order the sync reads object types in (ADR 0013); others follow as the server names them. */
const OBJECT_ORDER = [
  'pipelines',
  'owners',
  'deals',
  'contacts',
  'calls',
  'emails',
  'meetings',
  'notes',
]

const ordered = (record: Record<string, number>) =>
  Object.entries(record).sort(
    ([a], [b]) =>
      (OBJECT_ORDER.indexOf(a) + 1 || OBJECT_ORDER.length + 1) -
      (OBJECT_ORDER.indexOf(b) + 1 || OBJECT_ORDER.length + 1),
  )

interface CrmConnectionProps {
  status: CrmIntegrationStatus & { provider: CrmProvider }
  canEdit: boolean
  /** Starts linking the same CRM again, for credentials it stopped accepting, from its button. */
  onReconnect: (from: HTMLElement) => void
  reconnecting: boolean
  /** The "Linked to …" line, which takes the focus once a link completes here (CrmSection). */
  summaryRef?: Ref<HTMLParagraphElement>
}

/** The linked CRM: its account, connection, sync and what it imported; admins sync or disconnect. */
export function CrmConnection({
  status,
  canEdit,
  onReconnect,
  reconnecting,
  summaryRef,
}: CrmConnectionProps) {
  const { t, i18n } = useTranslation('onboarding')
  const name = CRM_PROVIDER_NAMES[status.provider]
  const needsReauth = status.connection_status === 'needs_reauth'
  const objectName = (key: string) => t(`crm.objects.${key}`, { defaultValue: key })

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 text-sm text-gray-700">
        <p
          ref={summaryRef}
          tabIndex={-1}
          className="flex flex-wrap items-center gap-2 font-medium text-gray-900 outline-none"
        >
          <LinkIcon aria-hidden="true" className="size-4 text-emerald-600" />
          {t('crm.linked', { provider: name })}
          {needsReauth ? (
            <Badge variant="warning">{t('crm.status_needs_reauth')}</Badge>
          ) : (
            <Badge variant="success">{t('crm.status_connected')}</Badge>
          )}
        </p>
        {status.account_name ? <p>{t('crm.account', { name: status.account_name })}</p> : null}
        {status.linked_at ? (
          <p>{t('crm.linked_at', { date: formatDate(status.linked_at, 'long', i18n.language) })}</p>
        ) : null}
        <p>
          {status.last_synced_at
            ? t('crm.last_synced', {
                date: formatDate(status.last_synced_at, 'withTime', i18n.language),
              })
            : t('crm.never_synced')}
        </p>
      </div>
      {needsReauth ? (
        <div className="flex flex-col gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p>{t('crm.needs_reauth_detail', { provider: name })}</p>
          {canEdit ? (
            <Button
              type="button"
              variant="outline"
              className="w-fit"
              disabled={reconnecting}
              onClick={(event) => onReconnect(event.currentTarget)}
            >
              {reconnecting ? t('crm.linking', { provider: name }) : t('crm.reconnect')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <CrmSyncState status={status} objectName={objectName} />
      {Object.keys(status.counts).length > 0 ? (
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-medium text-gray-900">{t('crm.imported')}</h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-gray-700">
            {ordered(status.counts).map(([key, count]) => (
              <div key={key} className="contents">
                <dt className="first-letter:uppercase">{objectName(key)}</dt>
                <dd className="tabular-nums">{count.toLocaleString(i18n.language)}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      {status.errors.length > 0 ? (
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-medium text-gray-900">{t('crm.record_errors')}</h3>
          <ul className="flex flex-col gap-1 text-sm text-gray-700">
            {status.errors.map((problem) => (
              <li key={`${problem.object}-${problem.remote_id}`}>
                {t('crm.record_error', {
                  object: objectName(problem.object),
                  id: problem.remote_id,
                  message: problem.message,
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {canEdit ? <CrmConnectionActions status={status} needsReauth={needsReauth} /> : null}
    </div>
  )
}

function CrmSyncState({
  status,
  objectName,
}: {
  status: CrmIntegrationStatus
  objectName: (key: string) => string
}) {
  const { t, i18n } = useTranslation('onboarding')
  const { sync } = status
  const progress = ordered(sync.progress)
  return (
    // Polite: the phase and counts change every poll while a sync runs.
    <div role="status" aria-label={t('crm.sync_status')} className="flex flex-col gap-1 text-sm">
      {sync.state === 'queued' ? (
        <p className="flex items-center gap-2 text-gray-700">
          <RefreshCwIcon aria-hidden="true" className="size-4" />
          {t('crm.sync_queued')}
        </p>
      ) : sync.state === 'running' ? (
        <>
          <p className="flex items-center gap-2 font-medium text-gray-900">
            <RefreshCwIcon aria-hidden="true" className="size-4 motion-safe:animate-spin" />
            {sync.phase
              ? t('crm.sync_running_phase', { phase: objectName(sync.phase) })
              : t('crm.sync_running')}
          </p>
          {progress.length > 0 ? (
            <p className="text-gray-700">
              {t('crm.sync_progress', {
                progress: formatList(
                  progress.map(
                    ([key, count]) => `${objectName(key)}: ${count.toLocaleString(i18n.language)}`,
                  ),
                  i18n.language,
                  'unit',
                ),
              })}
            </p>
          ) : null}
        </>
      ) : sync.state === 'failed' ? (
        <FormAlert>
          {status.last_error
            ? t('crm.sync_failed_reason', { reason: status.last_error })
            : t('crm.sync_failed')}
        </FormAlert>
      ) : status.last_error ? (
        <p className="text-red-800">{t('crm.sync_failed_reason', { reason: status.last_error })}</p>
      ) : null}
    </div>
  )
}

function CrmConnectionActions({
  status,
  needsReauth,
}: {
  status: CrmIntegrationStatus & { provider: CrmProvider }
  needsReauth: boolean
}) {
  const { t } = useTranslation('onboarding')
  const errorText = useServerErrorText()
  const sync = useSyncCrm()
  const disconnect = useDisconnectCrm()
  const [confirming, setConfirming] = useState(false)
  const name = CRM_PROVIDER_NAMES[status.provider]
  const active = isCrmSyncActive(status)
  const failure = sync.error ?? disconnect.error

  return (
    <div className="flex flex-col gap-2">
      {failure ? <FormAlert>{errorText(failure, {}, t('crm.action_failed'))}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        {needsReauth ? null : (
          <Button
            type="button"
            variant="outline"
            disabled={active || sync.isPending}
            onClick={() => {
              disconnect.reset()
              sync.mutate()
            }}
          >
            {active || sync.isPending ? t('crm.syncing') : t('crm.sync_now')}
          </Button>
        )}
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            sync.reset()
            setConfirming(true)
          }}
        >
          {t('crm.disconnect')}
        </Button>
      </div>
      <ModalDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('crm.disconnect_title', { provider: name })}
        description={t('crm.disconnect_detail', { provider: name })}
        footer={
          <DialogActions
            onCancel={() => setConfirming(false)}
            confirm={{
              label: t('crm.disconnect_confirm'),
              pendingLabel: t('crm.disconnecting'),
              pending: disconnect.isPending,
              variant: 'destructive',
              onClick: () =>
                disconnect.mutate(undefined, { onSettled: () => setConfirming(false) }),
            }}
          />
        }
      />
    </div>
  )
}
