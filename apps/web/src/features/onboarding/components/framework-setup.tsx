import type { SalesFramework, SalesFrameworkKey } from '@dealcoach/contracts/sales-frameworks'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { useSalesFrameworks } from '@/entities/sales-framework/api/list-sales-frameworks'
import { useSalesFrameworkText } from '@/entities/sales-framework/lib/sales-framework-text'
import { OnboardingSection } from './onboarding-section'

/** The texts of one framework's actions, worded for it. */
export interface FrameworkActionLabels {
  createPipeline: string
  addObjectionTypes: string
  /** Once the organisation has every objection type of the framework. */
  objectionTypesAdded: string
}

interface FrameworkSetupProps {
  /** The frameworks chosen in the latest questionnaire, in the questionnaire's order. */
  frameworks: readonly SalesFrameworkKey[]
  /**
   * SLOT: what to offer for one framework (create its pipeline, add its objection types). The
   * route fills it with components of the pipelines and objection-types features, which this
   * feature may not import. Without it (members, who cannot create them), links lead to the
   * pages that show what the team has, and the section says who can set things up.
   */
  renderFrameworkActions?: (framework: SalesFramework, labels: FrameworkActionLabels) => ReactNode
}

/** "Set up from your framework": what each chosen sales framework offers to create. */
export function FrameworkSetup({ frameworks, renderFrameworkActions }: FrameworkSetupProps) {
  const { t } = useTranslation('onboarding')
  const catalogue = useSalesFrameworks()
  const chosen = (catalogue.data?.models ?? []).filter((framework) =>
    frameworks.includes(framework.key),
  )
  chosen.sort((a, b) => frameworks.indexOf(a.key) - frameworks.indexOf(b.key))
  const { nameOf, descriptionOf } = useSalesFrameworkText()
  // "Our own framework" is no name to put in a sentence ("Create a Our own framework pipeline"):
  // the custom framework has texts of its own.
  const labelsOf = (framework: SalesFramework): FrameworkActionLabels =>
    framework.key === 'custom'
      ? {
          createPipeline: t('framework_setup.open_pipelines_custom'),
          addObjectionTypes: t('framework_setup.add_objection_types_custom'),
          objectionTypesAdded: t('framework_setup.objection_types_added'),
        }
      : {
          createPipeline: t('framework_setup.open_pipelines', { name: nameOf(framework) }),
          addObjectionTypes: t('framework_setup.add_objection_types', { name: nameOf(framework) }),
          objectionTypesAdded: t('framework_setup.objection_types_added'),
        }

  return (
    <OnboardingSection
      title={t('framework_setup.title')}
      description={
        renderFrameworkActions
          ? t('framework_setup.description')
          : t('framework_setup.description_member')
      }
    >
      {catalogue.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">{t('framework_setup.loading')}</span>
          {frameworks.map((key) => (
            <Skeleton key={key} className="h-24" />
          ))}
        </div>
      ) : catalogue.isError ? (
        <LoadError onRetry={() => void catalogue.refetch()}>
          {t('framework_setup.load_failed')}
        </LoadError>
      ) : (
        <ul className="flex flex-col gap-3">
          {chosen.map((framework) => (
            <li
              key={framework.key}
              data-framework={framework.key}
              className="flex flex-col gap-3 rounded-lg border border-gray-200 p-4"
            >
              <div className="flex flex-col gap-1">
                {/* A name kept as the catalogue has it (MEDDIC) may be in another script than the page. */}
                <h3 dir="auto" className="font-medium text-gray-900">
                  {nameOf(framework)}
                </h3>
                <p dir="auto" className="text-sm text-gray-600">
                  {descriptionOf(framework)}
                </p>
                <p className="text-xs text-gray-600">
                  {t('framework_setup.stages', { count: framework.stages.length })}
                  {' · '}
                  {t('framework_setup.objection_types', {
                    count: framework.objection_types.length,
                  })}
                </p>
              </div>
              {/* A long framework name ("Our own framework") must wrap inside its button on a phone. */}
              <div
                data-slot="framework-actions"
                className="flex flex-wrap items-center gap-2 [&_[data-slot=button]]:h-auto [&_[data-slot=button]]:min-h-8 [&_[data-slot=button]]:max-w-full [&_[data-slot=button]]:py-1.5 [&_[data-slot=button]]:text-start [&_[data-slot=button]]:whitespace-normal"
              >
                {renderFrameworkActions ? (
                  renderFrameworkActions(framework, labelsOf(framework))
                ) : (
                  <>
                    <Button asChild size="sm" variant="outline">
                      <Link to="/configure/pipelines/">{t('framework_setup.view_pipelines')}</Link>
                    </Button>
                    <Button asChild size="sm" variant="ghost">
                      <Link to="/configure/objections/">
                        {t('framework_setup.view_objection_types')}
                      </Link>
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </OnboardingSection>
  )
}
