import { Link, type LinkProps } from '@tanstack/react-router'
import {
  Activity,
  Boxes,
  ClipboardCheck,
  GitBranch,
  LayoutDashboard,
  type LucideIcon,
  MessageSquareWarning,
  Settings,
  ShieldQuestion,
  Upload,
  Workflow,
} from 'lucide-react'
import { useTranslation } from 'react-i18next'

interface NavItem {
  to: LinkProps['to']
  labelKey: string
  icon: LucideIcon
}

const MAIN_ITEMS: NavItem[] = [
  { to: '/dashboard/', labelKey: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/pipeline-overview/', labelKey: 'nav.pipeline_overview', icon: Workflow },
  { to: '/objections-handling/', labelKey: 'nav.objections_handling', icon: MessageSquareWarning },
  { to: '/recent-activity/', labelKey: 'nav.recent_activity', icon: Activity },
]

const CONFIGURE_ITEMS: NavItem[] = [
  { to: '/configure/product/', labelKey: 'nav.configure_product', icon: Boxes },
  { to: '/configure/pipelines/', labelKey: 'nav.configure_pipelines', icon: GitBranch },
  { to: '/configure/objections/', labelKey: 'nav.configure_objections', icon: ShieldQuestion },
  // Bulk data in (issue 16): next to the setup it feeds, where admins bring their CRM's records.
  { to: '/imports/', labelKey: 'nav.imports', icon: Upload },
]

const ACCOUNT_ITEMS: NavItem[] = [
  { to: '/onboarding/', labelKey: 'nav.onboarding', icon: ClipboardCheck },
  { to: '/settings/', labelKey: 'nav.settings', icon: Settings },
]

/** Links to every private route; `onNavigate` lets the mobile menu close itself. */
export function MainNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('nav.label')} className="flex flex-col gap-6">
      <NavList items={MAIN_ITEMS} onNavigate={onNavigate} />
      <div>
        <h2 className="mb-2 px-3 text-xs font-semibold tracking-wide text-gray-500 uppercase">
          {t('nav.configure')}
        </h2>
        <NavList items={CONFIGURE_ITEMS} onNavigate={onNavigate} />
      </div>
      <NavList items={ACCOUNT_ITEMS} onNavigate={onNavigate} />
    </nav>
  )
}

function NavList({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  const { t } = useTranslation()
  return (
    <ul className="flex flex-col gap-1">
      {items.map(({ to, labelKey, icon: Icon }) => (
        <li key={String(to)}>
          <Link
            to={to}
            onClick={onNavigate}
            className="flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-gray-700 outline-none hover:bg-gray-100 hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-600"
            activeProps={{ className: 'bg-brand-50 text-brand-700', 'aria-current': 'page' }}
          >
            <Icon aria-hidden="true" className="size-4 shrink-0" />
            {t(labelKey)}
          </Link>
        </li>
      ))}
    </ul>
  )
}
