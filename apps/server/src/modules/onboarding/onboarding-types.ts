import type { CallRecordingApp, OnboardingStepKey, TeamSize } from '@dealcoach/contracts/onboarding'
import type { SalesFrameworkKey } from '@dealcoach/contracts/sales-frameworks'

/** One stored questionnaire submission; answers not given are null. */
export interface OnboardingForm {
  id: string
  fullName: string | null
  email: string | null
  teamSize: TeamSize | null
  isPrimaryContact: boolean | null
  callRecordingApp: CallRecordingApp | null
  callRecordingAppOther: string | null
  salesFramework: SalesFrameworkKey[] | null
  salesFrameworkCustom: string | null
  submittedBy: string | null
  createdAt: Date
}

export interface OnboardingStep {
  key: OnboardingStepKey
  /** Computed or ticked. */
  done: boolean
  /** The organisation's data shows the step done. */
  computed: boolean
  /** An admin marked it done by hand. */
  ticked: boolean
}

export interface OnboardingChecklist {
  steps: OnboardingStep[]
  completed: number
  total: number
}
