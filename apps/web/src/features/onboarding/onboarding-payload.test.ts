import type { OnboardingForm } from '@dealcoach/contracts/onboarding'
import { describe, expect, it } from 'vitest'
import {
  buildOnboardingPayload,
  draftFromForm,
  EMPTY_ONBOARDING_DRAFT,
  type OnboardingDraft,
} from './onboarding-payload'

const draft = (changes: Partial<OnboardingDraft>): OnboardingDraft => ({
  ...EMPTY_ONBOARDING_DRAFT,
  ...changes,
})

describe('buildOnboardingPayload', () => {
  it('answers null when nothing is filled, blanks included', () => {
    expect(buildOnboardingPayload(EMPTY_ONBOARDING_DRAFT)).toBeNull()
    expect(buildOnboardingPayload(draft({ full_name: '   ', email: '\t' }))).toBeNull()
  })

  it('sends only the answered questions, trimmed', () => {
    expect(
      buildOnboardingPayload(draft({ full_name: '  Grace Hopper ', team_size: '6-20' })),
    ).toEqual({ full_name: 'Grace Hopper', team_size: '6-20' })
  })

  it('sends a no as false, not as a missing answer', () => {
    expect(buildOnboardingPayload(draft({ is_primary_contact: 'no' }))).toEqual({
      is_primary_contact: false,
    })
    expect(buildOnboardingPayload(draft({ is_primary_contact: 'yes' }))).toEqual({
      is_primary_contact: true,
    })
  })

  it('sends the other recorder only with the choice other, and not blank', () => {
    expect(
      buildOnboardingPayload(
        draft({ call_recording_app: 'other', call_recording_app_other: ' Avoma ' }),
      ),
    ).toEqual({ call_recording_app: 'other', call_recording_app_other: 'Avoma' })
    expect(
      buildOnboardingPayload(draft({ call_recording_app: 'other', call_recording_app_other: ' ' })),
    ).toEqual({ call_recording_app: 'other' })
    // Typed under other, then another recorder chosen: the explanation no longer applies.
    expect(
      buildOnboardingPayload(draft({ call_recording_app: 'gong', call_recording_app_other: 'x' })),
    ).toEqual({ call_recording_app: 'gong' })
    expect(buildOnboardingPayload(draft({ call_recording_app_other: 'Avoma' }))).toBeNull()
  })

  it('sends frameworks in the questionnaire order, the custom text only with custom', () => {
    expect(
      buildOnboardingPayload(
        draft({ sales_framework: ['custom', 'bant', 'meddic'], sales_framework_custom: ' Ours ' }),
      ),
    ).toEqual({ sales_framework: ['meddic', 'bant', 'custom'], sales_framework_custom: 'Ours' })
    expect(
      buildOnboardingPayload(draft({ sales_framework: ['spin'], sales_framework_custom: 'Ours' })),
    ).toEqual({ sales_framework: ['spin'] })
    expect(buildOnboardingPayload(draft({ sales_framework_custom: 'Ours' }))).toBeNull()
  })
})

describe('draftFromForm', () => {
  it('fills the form from the latest submission, empty where it gave no answer', () => {
    const form: OnboardingForm = {
      id: '00000000-0000-4000-8000-000000000001',
      full_name: 'Grace Hopper',
      email: null,
      team_size: null,
      is_primary_contact: false,
      call_recording_app: 'other',
      call_recording_app_other: 'Avoma',
      sales_framework: ['bant'],
      sales_framework_custom: null,
      submitted_by: null,
      created_at: '2025-01-01T00:00:00.000Z',
    }
    expect(draftFromForm(form)).toEqual(
      draft({
        full_name: 'Grace Hopper',
        is_primary_contact: 'no',
        call_recording_app: 'other',
        call_recording_app_other: 'Avoma',
        sales_framework: ['bant'],
      }),
    )
    expect(draftFromForm(null)).toEqual(EMPTY_ONBOARDING_DRAFT)
  })
})
