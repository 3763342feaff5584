import type {
  CallRecordingApp,
  OnboardingForm,
  OnboardingFormBody,
  TeamSize,
} from '@dealcoach/contracts/onboarding'
import type { SalesFrameworkKey } from '@dealcoach/contracts/sales-frameworks'
import { SALES_FRAMEWORK_OPTIONS } from './onboarding-options'

/** The questionnaire as the form holds it: '' where a question has no answer yet. */
export interface OnboardingDraft {
  full_name: string
  email: string
  team_size: TeamSize | ''
  is_primary_contact: 'yes' | 'no' | ''
  call_recording_app: CallRecordingApp | ''
  call_recording_app_other: string
  sales_framework: SalesFrameworkKey[]
  sales_framework_custom: string
}

export const EMPTY_ONBOARDING_DRAFT: OnboardingDraft = {
  full_name: '',
  email: '',
  team_size: '',
  is_primary_contact: '',
  call_recording_app: '',
  call_recording_app_other: '',
  sales_framework: [],
  sales_framework_custom: '',
}

/** Who is filling the questionnaire in: their name and e-mail are its first answers' defaults. */
export interface OnboardingPrefill {
  full_name: string
  email: string
}

/**
 * The form's starting point: the latest submission's answers, or, before the first one, the
 * signed-in user's name and e-mail (nothing else is known yet).
 */
export function draftFromForm(
  form: OnboardingForm | null | undefined,
  prefill?: OnboardingPrefill,
): OnboardingDraft {
  if (!form) return { ...EMPTY_ONBOARDING_DRAFT, ...prefill }
  return {
    full_name: form.full_name ?? '',
    email: form.email ?? '',
    team_size: form.team_size ?? '',
    is_primary_contact:
      form.is_primary_contact === null ? '' : form.is_primary_contact ? 'yes' : 'no',
    call_recording_app: form.call_recording_app ?? '',
    call_recording_app_other: form.call_recording_app_other ?? '',
    sales_framework: form.sales_framework ?? [],
    sales_framework_custom: form.sales_framework_custom ?? '',
  }
}

/**
 * Spec §3/§5: the body holds only the questions answered. Text is trimmed and a blank answer is
 * left out; the explanation of `other` / `custom` goes only with that choice (the server refuses
 * it alone). Frameworks keep the questionnaire's order. Null when nothing at all is answered.
 */
export function buildOnboardingPayload(draft: OnboardingDraft): OnboardingFormBody | null {
  const body: OnboardingFormBody = {}
  const fullName = draft.full_name.trim()
  if (fullName) body.full_name = fullName
  const email = draft.email.trim()
  if (email) body.email = email
  if (draft.team_size) body.team_size = draft.team_size
  if (draft.is_primary_contact) body.is_primary_contact = draft.is_primary_contact === 'yes'
  if (draft.call_recording_app) {
    body.call_recording_app = draft.call_recording_app
    const other = draft.call_recording_app_other.trim()
    if (draft.call_recording_app === 'other' && other) body.call_recording_app_other = other
  }
  const frameworks = SALES_FRAMEWORK_OPTIONS.filter((key) => draft.sales_framework.includes(key))
  if (frameworks.length > 0) {
    body.sales_framework = frameworks
    const custom = draft.sales_framework_custom.trim()
    if (frameworks.includes('custom') && custom) body.sales_framework_custom = custom
  }
  return Object.keys(body).length > 0 ? body : null
}
