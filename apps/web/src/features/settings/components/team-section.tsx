import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
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
import { FormAlert } from '@/components/ui/form-alert'
import { useServerErrors } from '@/lib/use-server-errors'
import { useUsers } from '@/entities/user/api/list-users'
import { invitedMessage, useInviteUser } from '../api/invite-user'
import { PendingInvitations } from './pending-invitations'

export function TeamSection({ canInvite }: { canInvite: boolean }) {
  const { t } = useTranslation('settings')
  const users = useUsers()

  return (
    <div className="flex flex-col gap-6">
      {canInvite ? (
        <InviteForm />
      ) : (
        <p className="text-sm text-gray-600">{t('team.members_cannot_invite')}</p>
      )}
      {users.isPending ? (
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">{t('team.loading')}</span>
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
        </div>
      ) : users.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('team.load_failed')}
        </p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('team.name')}</TableHead>
              {/* On a phone the e-mail goes under the name, so the role stays in view. */}
              <TableHead className="hidden sm:table-cell">{t('team.email')}</TableHead>
              <TableHead>{t('team.role')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.data.models.map((member) => (
              <TableRow key={member.id}>
                <TableCell className="whitespace-normal">
                  <span className="block">{`${member.first_name} ${member.last_name}`}</span>
                  <span className="block text-gray-600 [overflow-wrap:anywhere] sm:hidden">
                    {member.email}
                  </span>
                </TableCell>
                <TableCell className="hidden sm:table-cell">{member.email}</TableCell>
                <TableCell>
                  <Badge variant={member.role === 'admin' ? 'default' : 'secondary'}>
                    {t(`team.roles.${member.role}`)}
                  </Badge>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {canInvite ? <PendingInvitations /> : null}
    </div>
  )
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const INVITE_FIELDS = {
  email: { maxLength: 254 },
  first_name: { maxLength: 100 },
  last_name: { maxLength: 100 },
}

function InviteForm() {
  const { t } = useTranslation('settings')
  const invite = useInviteUser()
  const empty = { email: '', first_name: '', last_name: '' }
  const [values, setValues] = useState(empty)
  const [submitted, setSubmitted] = useState(false)
  const server = useServerErrors(invite.error, INVITE_FIELDS, { fallback: t('team.invite_failed') })
  const shown = (name: keyof typeof errors) =>
    (submitted ? errors[name] : undefined) ?? server.fieldError(name)
  const errors = {
    email: EMAIL.test(values.email.trim()) ? undefined : t('team.email_invalid'),
    first_name: values.first_name.trim() ? undefined : t('team.name_required'),
    last_name: values.last_name.trim() ? undefined : t('team.name_required'),
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (errors.email || errors.first_name || errors.last_name) return
    const invitation = {
      email: values.email.trim(),
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
    }
    invite.mutate(invitation, {
      onSuccess: (answer) => {
        notify.success(invitedMessage(t, answer))
        setValues(empty)
        setSubmitted(false)
      },
    })
  }
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setValues({ ...values, [name]: event.target.value })
      server.clear(name)
    },
  })

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4"
    >
      <UnsavedChangesPrompt when={Object.values(values).some((value) => value !== '')} />
      <h3 className="font-medium text-gray-900">{t('team.invite_title')}</h3>
      {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t('team.email')} error={shown('email')}>
          <Input type="email" autoComplete="off" {...field('email')} />
        </FormField>
        <FormField label={t('team.first_name')} error={shown('first_name')}>
          <Input autoComplete="off" {...field('first_name')} />
        </FormField>
        <FormField label={t('team.last_name')} error={shown('last_name')}>
          <Input autoComplete="off" {...field('last_name')} />
        </FormField>
      </div>
      <div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? t('team.inviting') : t('team.invite')}
        </Button>
      </div>
    </form>
  )
}
