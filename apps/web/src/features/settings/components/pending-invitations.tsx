import type { PendingInvitation } from '@dealcoach/contracts/users'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { DialogActions } from '@/components/ui/dialog-actions'
import { FormAlert } from '@/components/ui/form-alert'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { Skeleton } from '@/components/ui/skeleton'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { notify } from '@/components/ui/toast'
import { formatDate } from '@/lib/dates/format-date'
import { useServerErrorText } from '@/lib/use-server-errors'
import { invitedMessage, useInviteUser } from '../api/invite-user'
import { useInvitations } from '../api/list-invitations'
import { useRevokeInvitation } from '../api/revoke-invitation'

/**
 * The organisation's invitations whose link still works, each with Resend and Revoke. Admins
 * only: the server lists them to admins alone, and a member could do nothing with them.
 */
export function PendingInvitations() {
  const { t, i18n } = useTranslation('settings')
  const invitations = useInvitations(true)
  const [revoking, setRevoking] = useState<PendingInvitation | null>(null)

  if (invitations.isPending) {
    return (
      <div role="status">
        <span className="sr-only">{t('invitations.loading')}</span>
        <Skeleton className="h-8" />
      </div>
    )
  }
  if (invitations.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('invitations.load_failed')}
      </p>
    )
  }
  const pending = invitations.data.models
  return (
    <section aria-labelledby="pending-invitations" className="flex flex-col gap-2">
      <h3 id="pending-invitations" className="font-medium text-gray-900">
        {t('invitations.title')}
      </h3>
      {pending.length === 0 ? (
        <p className="text-sm text-gray-600">{t('invitations.none')}</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('team.name')}</TableHead>
              <TableHead className="hidden sm:table-cell">{t('invitations.invited_by')}</TableHead>
              <TableHead className="hidden sm:table-cell">{t('invitations.expires')}</TableHead>
              <TableHead>{t('team.role')}</TableHead>
              <TableHead>
                <span className="sr-only">{t('invitations.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {pending.map((invitation) => (
              <TableRow key={invitation.id}>
                <TableCell className="whitespace-normal">
                  <span className="block">{`${invitation.first_name} ${invitation.last_name}`}</span>
                  <span className="block text-gray-600 [overflow-wrap:anywhere]">
                    {invitation.email}
                  </span>
                </TableCell>
                <TableCell className="hidden sm:table-cell">
                  {invitation.invited_by
                    ? `${invitation.invited_by.first_name} ${invitation.invited_by.last_name}`
                    : t('invitations.inviter_gone')}
                </TableCell>
                <TableCell className="hidden sm:table-cell">
                  {formatDate(invitation.expires_at, 'closeDate', i18n.language)}
                </TableCell>
                <TableCell>
                  <Badge variant={invitation.role === 'admin' ? 'default' : 'secondary'}>
                    {t(`team.roles.${invitation.role}`)}
                  </Badge>
                </TableCell>
                <TableCell>
                  <div className="flex flex-wrap gap-2">
                    <ResendButton invitation={invitation} />
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={t('invitations.revoke_named', { email: invitation.email })}
                      onClick={() => setRevoking(invitation)}
                    >
                      {t('invitations.revoke')}
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {revoking ? <RevokeDialog invitation={revoking} onClose={() => setRevoking(null)} /> : null}
    </section>
  )
}

/**
 * Sends the invitation again as it stands: the server renews the one pending invitation to the
 * address (a new link and expiry), so the link e-mailed before stops working. No confirmation:
 * nothing is lost, and the invitee simply gets a fresh e-mail.
 */
function ResendButton({ invitation }: { invitation: PendingInvitation }) {
  const { t } = useTranslation('settings')
  const invite = useInviteUser()
  const errorText = useServerErrorText()
  const resend = () =>
    invite.mutate(
      {
        email: invitation.email,
        first_name: invitation.first_name,
        last_name: invitation.last_name,
        role: invitation.role,
      },
      {
        onSuccess: (answer) => notify.success(invitedMessage(t, answer)),
        onError: (error) => notify.error(errorText(error, {}, t('invitations.resend_failed'))),
      },
    )
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={invite.isPending}
      aria-label={t('invitations.resend_named', { email: invitation.email })}
      onClick={resend}
    >
      {invite.isPending ? t('invitations.resending') : t('invitations.resend')}
    </Button>
  )
}

/** Confirms withdrawing an invitation: its e-mailed link stops working. */
function RevokeDialog({
  invitation,
  onClose,
}: {
  invitation: PendingInvitation
  onClose: () => void
}) {
  const { t } = useTranslation('settings')
  const revoke = useRevokeInvitation()
  const errorText = useServerErrorText()
  const confirm = () =>
    revoke.mutate(invitation.id, {
      onSuccess: () => {
        notify.success(t('invitations.revoked', { email: invitation.email }))
        onClose()
      },
    })
  return (
    <ModalDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={t('invitations.revoke_title')}
      description={t('invitations.revoke_description', { email: invitation.email })}
      footer={
        <DialogActions
          onCancel={onClose}
          confirm={{
            label: t('invitations.revoke'),
            pendingLabel: t('invitations.revoking'),
            pending: revoke.isPending,
            variant: 'destructive',
            onClick: confirm,
          }}
        />
      }
    >
      {revoke.error ? (
        <FormAlert>{errorText(revoke.error, {}, t('invitations.revoke_failed'))}</FormAlert>
      ) : null}
    </ModalDialog>
  )
}
