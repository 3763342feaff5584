import { createFileRoute, Outlet, useNavigate } from '@tanstack/react-router'
import { AppShell } from '@/components/layout/app-shell'
import { PendingAppShell } from '@/components/layout/pending-app-shell'
import { PipelinePicker, PipelinePickerPlaceholder } from '@/components/layout/pipeline-picker'
import { logout } from '@/features/auth/api/logout'
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
  // Spec §3: the token's first_name and last_name name the signed-in user.
  const claims = readAccessTokenClaims()
  const userName = claims ? `${claims.first_name} ${claims.last_name}`.trim() : undefined
  return (
    <AppShell userName={userName} onSignOut={signOut} pipelinePicker={<HeaderPipelinePicker />}>
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
