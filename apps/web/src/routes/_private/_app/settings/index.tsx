import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { pendingPage } from '@/components/layout/pending-page'
import { Skeleton } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { CrmSection } from '@/features/onboarding/components/crm-section'
import { meQueryOptions, useMe } from '@/features/settings/api/get-me'
import { PasswordForm } from '@/features/settings/components/password-form'
import { ProfileForm } from '@/features/settings/components/profile-form'
import { SessionsSection } from '@/features/settings/components/sessions-section'
import { TeamSection } from '@/features/settings/components/team-section'
import { WorkspaceSection } from '@/features/settings/components/workspace-section'
import { loadNamespaces } from '@/lib/i18n'
import { enumSearchParam, searchSchema } from '@/lib/search-params'

const SETTINGS_TABS = ['profile', 'password', 'sessions', 'team', 'crm'] as const
type SettingsTab = (typeof SETTINGS_TABS)[number]
const isSettingsTab = (value: string): value is SettingsTab =>
  (SETTINGS_TABS as readonly string[]).includes(value)

// The open tab lives in the URL (?tab=team): it survives a reload, a save and a shared link.
const settingsSearch = searchSchema({ tab: enumSearchParam(SETTINGS_TABS) })

export const Route = createFileRoute('/_private/_app/settings/')({
  validateSearch: settingsSearch,
  // The tab changes what the page shows, not what it loads.
  loaderDeps: () => ({}),
  loader: async ({ context }) => {
    await Promise.all([
      // The CRM tab shows the onboarding's CRM section, with its texts.
      loadNamespaces('settings', 'onboarding'),
      context.queryClient.ensureQueryData(meQueryOptions()),
    ])
  },
  pendingComponent: pendingPage('tabs'),
  component: SettingsPage,
})

function SettingsPage() {
  const { t } = useTranslation('settings')
  const me = useMe()
  const { tab = 'profile' } = Route.useSearch()
  const navigate = Route.useNavigate()
  const openTab = (value: string) => {
    if (!isSettingsTab(value)) return
    void navigate({
      search: (previous) => ({ ...previous, tab: value === 'profile' ? undefined : value }),
      replace: true,
    })
  }

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {me.isSuccess ? (
        <Tabs value={tab} onValueChange={openTab} className="flex flex-col gap-4">
          <TabsList aria-label={t('title')}>
            <TabsTrigger value="profile">{t('tabs.profile')}</TabsTrigger>
            <TabsTrigger value="password">{t('tabs.password')}</TabsTrigger>
            <TabsTrigger value="sessions">{t('tabs.sessions')}</TabsTrigger>
            <TabsTrigger value="team">{t('tabs.team')}</TabsTrigger>
            <TabsTrigger value="crm">{t('tabs.crm')}</TabsTrigger>
          </TabsList>
          <TabsContent value="profile">
            <ProfileForm user={me.data} />
          </TabsContent>
          <TabsContent value="password">
            <PasswordForm />
          </TabsContent>
          <TabsContent value="sessions">
            <SessionsSection />
          </TabsContent>
          <TabsContent value="team">
            <div className="flex flex-col gap-8">
              <WorkspaceSection
                organisation={me.data.organisation}
                canRename={me.data.role === 'admin'}
              />
              <TeamSection canInvite={me.data.role === 'admin'} />
            </div>
          </TabsContent>
          <TabsContent value="crm">
            {/* The same section as onboarding's: linking, sync and disconnect live in one place. */}
            <CrmSection canEdit={me.data.role === 'admin'} />
          </TabsContent>
        </Tabs>
      ) : (
        <Skeleton className="h-64" />
      )}
    </>
  )
}
