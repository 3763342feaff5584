import { Link } from '@tanstack/react-router'
import { Menu, X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { type ReactNode, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { Toaster } from '@/components/ui/toast'
import { TooltipProvider } from '@/components/ui/tooltip'
import { AppShellContext } from './app-shell-context'
import { LanguageSwitcher } from './language-switcher'
import { MainNav } from './main-nav'
import { NavigationProgress } from './navigation-progress'
import { PipelinePickerPlaceholder } from './pipeline-picker'
import { UserMenu } from './user-menu'

export interface AppShellProps {
  children: ReactNode
  /** The pipeline picker, once the user has pipelines. */
  pipelinePicker?: ReactNode
  userName?: string
  /** The workspace's name, once the profile that names it is cached. */
  workspaceName?: string
  /** Absent while the session is still loading: the account menu is a placeholder then. */
  onSignOut?: () => void
}

/** The application layout: navigation, header with pipeline, language and account, and the page. */
export function AppShell({
  children,
  pipelinePicker,
  userName,
  workspaceName,
  onSignOut,
}: AppShellProps) {
  const { t } = useTranslation()
  const [menuOpen, setMenuOpen] = useState(false)

  // Tooltips and toasts live in the application only: the public pages stay light (DESIGN §7).
  return (
    <TooltipProvider>
      {/* The page itself paints the sidebar's column (white, then its border) so that it runs
          the full height of long pages, a full-page capture or print included: the fixed
          sidebar covers only the viewport. */}
      <div className="min-h-screen bg-gray-50 lg:bg-[linear-gradient(to_right,white_255px,var(--color-gray-200)_255px,var(--color-gray-200)_256px,transparent_256px)] lg:rtl:bg-[linear-gradient(to_left,white_255px,var(--color-gray-200)_255px,var(--color-gray-200)_256px,transparent_256px)]">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 focus:not-sr-only focus:absolute focus:start-4 focus:top-4"
        >
          {t('skip_to_content')}
        </a>
        <aside className="fixed inset-y-0 start-0 hidden w-64 flex-col gap-6 border-e border-gray-200 bg-white p-4 lg:flex">
          <Brand />
          <MainNav />
        </aside>
        <div className="lg:ps-64">
          <header
            data-slot="app-header"
            className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-gray-200 bg-white/95 px-4 backdrop-blur"
          >
            <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
              <Dialog.Trigger asChild>
                <Button
                  variant="ghost"
                  size="icon"
                  className="lg:hidden"
                  aria-label={t('nav.open_menu')}
                >
                  <Menu aria-hidden="true" />
                </Button>
              </Dialog.Trigger>
              <Dialog.Portal>
                <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 lg:hidden" />
                <Dialog.Content className="fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-white p-4 shadow-xl outline-none lg:hidden">
                  <div className="flex items-center justify-between">
                    <Dialog.Title asChild>
                      <div>
                        <Brand />
                      </div>
                    </Dialog.Title>
                    <Dialog.Description className="sr-only">{t('nav.label')}</Dialog.Description>
                    <Dialog.Close asChild>
                      <Button variant="ghost" size="icon" aria-label={t('nav.close_menu')}>
                        <X aria-hidden="true" />
                      </Button>
                    </Dialog.Close>
                  </div>
                  <MainNav onNavigate={() => setMenuOpen(false)} />
                </Dialog.Content>
              </Dialog.Portal>
            </Dialog.Root>
            <div className="lg:hidden">
              <Brand compact />
            </div>
            <div className="ms-auto flex min-w-0 items-center gap-1 sm:gap-2">
              {onSignOut ? pipelinePicker : <PipelinePickerPlaceholder />}
              <LanguageSwitcher />
              {onSignOut ? (
                <UserMenu userName={userName} workspaceName={workspaceName} onSignOut={onSignOut} />
              ) : (
                <Skeleton className="size-9 shrink-0 rounded-full" />
              )}
            </div>
            <NavigationProgress />
          </header>
          <main
            id="main"
            tabIndex={-1}
            className="mx-auto flex max-w-7xl flex-col gap-6 p-4 outline-none sm:p-6"
          >
            <AppShellContext value={true}>{children}</AppShellContext>
          </main>
        </div>
        {/* Its texts load on their own: the shell must not wait for them (nor blink when they arrive). */}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </div>
    </TooltipProvider>
  )
}

function Brand({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation()
  return (
    <Link
      to="/dashboard/"
      className="flex items-center gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <img src="/favicon.svg" alt="" className="size-7" />
      <span
        className={
          compact ? 'sr-only sm:not-sr-only font-semibold' : 'text-lg font-semibold text-gray-900'
        }
      >
        {t('app_name')}
      </span>
    </Link>
  )
}
