import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { pendingPage } from '@/components/layout/pending-page'
import { Button } from '@/components/ui/button'
import { AddFrameworkObjectionTypesButton } from '@/features/objection-types/components/add-framework-objection-types-button'
import { crmStatusQueryOptions } from '@/features/onboarding/api/get-crm-status'
import { onboardingChecklistQueryOptions } from '@/entities/onboarding/api/get-onboarding-checklist'
import {
  onboardingFormQueryOptions,
  useOnboardingForm,
} from '@/features/onboarding/api/get-onboarding-form'
import { CrmSection } from '@/features/onboarding/components/crm-section'
import { FrameworkSetup } from '@/features/onboarding/components/framework-setup'
import { OnboardingChecklistCard } from '@/features/onboarding/components/onboarding-checklist-card'
import { OnboardingQuestionnaire } from '@/features/onboarding/components/onboarding-questionnaire'
import { meQueryOptions, useMe } from '@/features/settings/api/get-me'
import { CreatePipelineDialog } from '@/features/pipelines/components/create-pipeline-dialog'
import { readAccessTokenClaims } from '@/lib/access-token'
import { loadNamespaces } from '@/lib/i18n'
import { leaveFailureToPage } from '@/lib/query-client'

export const Route = createFileRoute('/_private/_app/onboarding/')({
  loader: async ({ context: { queryClient } }) => {
    // Each section shows its own error state and a retry.
    await Promise.all([
      // The framework set-up reuses the pipelines' and objection types' dialogs and their texts.
      loadNamespaces('onboarding', 'pipeline-setup', 'objection-types'),
      queryClient.ensureQueryData(onboardingChecklistQueryOptions()).catch(leaveFailureToPage),
      queryClient.ensureQueryData(onboardingFormQueryOptions()).catch(leaveFailureToPage),
      queryClient.ensureQueryData(crmStatusQueryOptions()).catch(leaveFailureToPage),
      // The questionnaire's name and e-mail start as the user's; without them they start empty.
      queryClient.ensureQueryData(meQueryOptions()).catch(leaveFailureToPage),
    ])
  },
  pendingComponent: pendingPage('sections'),
  component: OnboardingPage,
})

function OnboardingPage() {
  const { t } = useTranslation('onboarding')
  const latest = useOnboardingForm()
  const me = useMe().data
  // Writes are admin-only on the server; members see the same page read-only.
  const canEdit = readAccessTokenClaims()?.role === 'admin'
  const frameworks = latest.data?.form?.sales_framework ?? []

  return (
    <>
      <PageHeader title={t('onboarding.title')} description={t('onboarding.description')} />
      <div className="flex max-w-3xl flex-col gap-6">
        <OnboardingChecklistCard canEdit={canEdit} />
        <OnboardingQuestionnaire
          canEdit={canEdit}
          prefill={
            me
              ? { full_name: `${me.first_name} ${me.last_name}`.trim(), email: me.email }
              : undefined
          }
        />
        {frameworks.length > 0 ? (
          <FrameworkSetup
            frameworks={frameworks}
            // Features do not import each other: the pipelines' and objection types' "create from
            // this framework" dialogs meet here. Members get links to the read-only pages instead.
            renderFrameworkActions={
              canEdit
                ? (framework, labels) => (
                    <>
                      <CreatePipelineDialog
                        defaultFramework={framework.key}
                        trigger={
                          <Button type="button" size="sm">
                            {labels.createPipeline}
                          </Button>
                        }
                      />
                      <AddFrameworkObjectionTypesButton
                        framework={framework.key}
                        size="sm"
                        label={labels.addObjectionTypes}
                        addedLabel={labels.objectionTypesAdded}
                      />
                    </>
                  )
                : undefined
            }
          />
        ) : null}
        <CrmSection canEdit={canEdit} />
      </div>
    </>
  )
}
