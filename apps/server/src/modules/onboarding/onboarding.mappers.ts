import type {
  LatestOnboardingFormResponse,
  OnboardingChecklist as OnboardingChecklistBody,
  OnboardingForm as OnboardingFormBody,
} from '@dealcoach/contracts/onboarding'
import type { OnboardingChecklist, OnboardingForm } from './onboarding-types.js'

export function toOnboardingFormBody(form: OnboardingForm): OnboardingFormBody {
  return {
    id: form.id,
    full_name: form.fullName,
    email: form.email,
    team_size: form.teamSize,
    is_primary_contact: form.isPrimaryContact,
    call_recording_app: form.callRecordingApp,
    call_recording_app_other: form.callRecordingAppOther,
    sales_framework: form.salesFramework,
    sales_framework_custom: form.salesFrameworkCustom,
    submitted_by: form.submittedBy,
    created_at: form.createdAt.toISOString(),
  }
}

export function toLatestOnboardingFormBody(
  form: OnboardingForm | undefined,
): LatestOnboardingFormResponse {
  return { form: form ? toOnboardingFormBody(form) : null }
}

export function toOnboardingChecklistBody(checklist: OnboardingChecklist): OnboardingChecklistBody {
  return {
    steps: checklist.steps.map((step) => ({
      key: step.key,
      done: step.done,
      computed: step.computed,
      ticked: step.ticked,
    })),
    completed: checklist.completed,
    total: checklist.total,
  }
}
