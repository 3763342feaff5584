import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Outlet, useNavigate } from '@tanstack/react-router'
import { AppShell } from '@/components/layout/app-shell'
import { PendingAppShell } from '@/components/layout/pending-app-shell'
import { PipelinePicker, PipelinePickerPlaceholder } from '@/components/layout/pipeline-picker'
import { logout } from '@/features/auth/api/logout'
import { meQueryOptions } from '@/features/settings/api/get-me'
import { usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { readAccessTokenClaims } from '@/lib/access-token'
import { useCurrentPipeline, useCurrentPipelineStore } from '@/stores/current-pipeline'

export const Route = createFileRoute('/_private/_app')({
  pendingComponent: PendingAppShell,
  component: AppLayout,
})

function AppLayout() {
  const navigate = useNavigate()
  const signOut = () => {
    void logout().finally(() => navigate({ to: '/login/' }))
  }
  // Spec §3: the token's first_name and last_name name the signed-in user. A profile saved since
  // the token was issued is newer: the cached answer of /v1/users/me wins (it is only read here,
  // never fetched, so the shell costs no request).
  const me = useQuery({ ...meQueryOptions(), enabled: false })
  const claims = readAccessTokenClaims()
  const named = me.data ?? claims
  const userName = named ? `${named.first_name} ${named.last_name}`.trim() : undefined
  return (
    <AppShell
      userName={userName}
      workspaceName={me.data?.organisation.name}
      onSignOut={signOut}
      pipelinePicker={<HeaderPipelinePicker />}
    >
      <Outlet />
    </AppShell>
  )
}

/** The pipeline chosen here is the one the dashboard and reports show. */
function HeaderPipelinePicker() {
  const pipelines = usePipelines()
  const setPipelineId = useCurrentPipelineStore((state) => state.setPipelineId)
  const models = pipelines.data?.models ?? []
  const active = models.filter((pipeline) => pipeline.active)
  const selected = useCurrentPipeline(models)
  if (pipelines.isPending) return <PipelinePickerPlaceholder />
  return <PipelinePicker pipelines={active} value={selected?.id ?? null} onChange={setPipelineId} />
}
