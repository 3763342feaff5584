import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { pendingPage } from '@/components/layout/pending-page'
import { Skeleton } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { meQueryOptions, useMe } from '@/features/settings/api/get-me'
import { PasswordForm } from '@/features/settings/components/password-form'
import { ProfileForm } from '@/features/settings/components/profile-form'
import { TeamSection } from '@/features/settings/components/team-section'
import { loadNamespaces } from '@/lib/i18n'

export const Route = createFileRoute('/_private/_app/settings/')({
  loader: async ({ context }) => {
    await Promise.all([
      loadNamespaces('settings'),
      context.queryClient.ensureQueryData(meQueryOptions()),
    ])
  },
  pendingComponent: pendingPage('tabs'),
  component: SettingsPage,
})

function SettingsPage() {
  const { t } = useTranslation('settings')
  const me = useMe()

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {me.isSuccess ? (
        <Tabs defaultValue="profile" className="flex flex-col gap-4">
          <TabsList aria-label={t('title')}>
            <TabsTrigger value="profile">{t('tabs.profile')}</TabsTrigger>
            <TabsTrigger value="password">{t('tabs.password')}</TabsTrigger>
            <TabsTrigger value="team">{t('tabs.team')}</TabsTrigger>
          </TabsList>
          <TabsContent value="profile">
            <ProfileForm user={me.data} />
          </TabsContent>
          <TabsContent value="password">
            <PasswordForm />
          </TabsContent>
          <TabsContent value="team">
            <TeamSection canInvite={me.data.role === 'admin'} />
          </TabsContent>
        </Tabs>
      ) : (
        <Skeleton className="h-64" />
      )}
    </>
  )
}
