import type { UserSession } from '@dealcoach/contracts/sessions'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { DialogActions } from '@/components/ui/dialog-actions'
import { FormAlert } from '@/components/ui/form-alert'
import { LoadError } from '@/components/ui/load-error'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { Tooltip } from '@/components/ui/tooltip'
import { notify } from '@/components/ui/toast'
import { formatDate } from '@/lib/dates/format-date'
import { formatRelativeTime } from '@/lib/dates/relative-time'
import { useServerErrorText } from '@/lib/use-server-errors'
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions'

const NO_FIELDS = {}

/** Settings → Sessions: where the user is signed in, and signing out there (ASVS 3.3.4). */
export function SessionsSection() {
  const { t } = useTranslation('settings')
  const sessions = useSessions()

  if (sessions.isPending) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">{t('sessions.loading')}</span>
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    )
  }
  if (sessions.isError) {
    return (
      <LoadError onRetry={() => void sessions.refetch()}>{t('sessions.load_failed')}</LoadError>
    )
  }
  const others = sessions.data.models.filter((session) => !session.current)
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-gray-600">{t('sessions.intro')}</p>
      <ul className="flex flex-col divide-y divide-gray-200 rounded-lg border border-gray-200">
        {sessions.data.models.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
      {others.length > 0 ? <EndOthersButton count={others.length} /> : null}
    </div>
  )
}

function SessionRow({ session }: { session: UserSession }) {
  const { t, i18n } = useTranslation('settings')
  const device = session.device ?? t('sessions.unknown_device')
  const signedIn = formatRelativeTime(session.created_at, i18n.language)
  const lastActive = formatRelativeTime(session.last_used_at, i18n.language)
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {device}
          {session.current ? <Badge>{t('sessions.this_device')}</Badge> : null}
        </p>
        <p className="text-sm text-gray-600">
          {session.ip ? t('sessions.from', { ip: session.ip }) : t('sessions.unknown_ip')}
        </p>
        <p className="text-sm text-gray-600">
          <ExactTime at={formatDate(session.created_at, 'withTime', i18n.language)}>
            {t('sessions.signed_in', { when: signedIn })}
          </ExactTime>
          {' · '}
          <ExactTime at={formatDate(session.last_used_at, 'withTime', i18n.language)}>
            {t('sessions.last_active', { when: lastActive })}
          </ExactTime>
        </p>
      </div>
      {session.current ? null : <EndSessionButton session={session} device={device} />}
    </li>
  )
}

/**
 * A relative time ("2 hours ago") whose exact date and time show in a tooltip. Spec §2: a tooltip,
 * so that touch and no-hover devices open it as a popover; a title attribute shows only on hover.
 */
function ExactTime({ at, children }: { at: string; children: ReactNode }) {
  return (
    <Tooltip content={at}>
      <button
        type="button"
        className="cursor-help rounded-xs underline decoration-gray-400 decoration-dotted underline-offset-2 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
        {children}
      </button>
    </Tooltip>
  )
}

function EndSessionButton({ session, device }: { session: UserSession; device: string }) {
  const { t } = useTranslation('settings')
  const errorText = useServerErrorText()
  const [open, setOpen] = useState(false)
  const end = useEndSession()
  return (
    <ModalDialog
      open={open}
      onOpenChange={setOpen}
      onClose={() => end.reset()}
      title={t('sessions.end_title')}
      description={t('sessions.end_description', { device })}
      trigger={
        <Button type="button" variant="outline" size="sm">
          {t('sessions.end')}
        </Button>
      }
      footer={
        <DialogActions
          onCancel={() => setOpen(false)}
          confirm={{
            label: t('sessions.end'),
            pendingLabel: t('sessions.ending'),
            pending: end.isPending,
            variant: 'destructive',
            onClick: () =>
              end.mutate(session.id, {
                onSuccess: () => {
                  setOpen(false)
                  notify.success(t('sessions.ended', { device }))
                },
              }),
          }}
        />
      }
    >
      {end.isError ? (
        <FormAlert>{errorText(end.error, NO_FIELDS, t('sessions.end_failed'))}</FormAlert>
      ) : null}
    </ModalDialog>
  )
}

function EndOthersButton({ count }: { count: number }) {
  const { t } = useTranslation('settings')
  const errorText = useServerErrorText()
  const [open, setOpen] = useState(false)
  const endOthers = useEndOtherSessions()
  return (
    <ModalDialog
      open={open}
      onOpenChange={setOpen}
      onClose={() => endOthers.reset()}
      title={t('sessions.end_others_title')}
      description={t('sessions.end_others_description', { count })}
      trigger={
        <Button type="button" variant="outline" className="self-start">
          {t('sessions.end_others')}
        </Button>
      }
      footer={
        <DialogActions
          onCancel={() => setOpen(false)}
          confirm={{
            label: t('sessions.end_others'),
            pendingLabel: t('sessions.ending'),
            pending: endOthers.isPending,
            variant: 'destructive',
            onClick: () =>
              endOthers.mutate(undefined, {
                onSuccess: ({ ended }) => {
                  setOpen(false)
                  notify.success(t('sessions.ended_others', { count: ended }))
                },
              }),
          }}
        />
      }
    >
      {endOthers.isError ? (
        <FormAlert>
          {errorText(endOthers.error, NO_FIELDS, t('sessions.end_others_failed'))}
        </FormAlert>
      ) : null}
    </ModalDialog>
  )
}
