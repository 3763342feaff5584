import {
  latestOnboardingFormResponseSchema,
  onboardingChecklistPatchSchema,
  onboardingChecklistSchema,
  onboardingFormBodySchema,
  onboardingFormSchema,
  type OnboardingChecklist,
  type OnboardingForm,
} from '@dealcoach/contracts/onboarding'
import type { FakeApiState } from '../fake-api-state'
import { fakeId } from '../fake-id'
import { answer, route, validationFailed } from '../fake-route'
import { refuseMember } from './refuse-member'

/** The checklist as the server answers it: a step is done when computed or ticked. */
function checklistOf(state: FakeApiState): OnboardingChecklist {
  const steps = state.checklist.map((step) => ({ ...step, done: step.computed || step.ticked }))
  return {
    steps,
    completed: steps.filter((step) => step.done).length,
    total: steps.length,
  }
}

export const onboardingRoutes = [
  route('GET', '/v1/forms/client_onboarding', {
    answers: { 200: latestOnboardingFormResponseSchema },
    handle: (_input, state) => answer(200, { form: state.onboardingForms.at(-1) ?? null }),
  }),
  route('POST', '/v1/forms/client_onboarding', {
    body: onboardingFormBodySchema,
    answers: { 201: onboardingFormSchema },
    handle: ({ body }, state) => {
      const refused = refuseMember(state)
      if (refused) return refused
      if (Object.keys(body).length === 0) {
        return validationFailed([{ path: 'body', message: 'must answer at least one question' }])
      }
      if (body.call_recording_app_other && body.call_recording_app !== 'other') {
        return validationFailed([
          { path: 'body.call_recording_app_other', message: "needs call_recording_app 'other'" },
        ])
      }
      if (body.sales_framework_custom && !body.sales_framework?.includes('custom')) {
        return validationFailed([
          { path: 'body.sales_framework_custom', message: "needs 'custom' in sales_framework" },
        ])
      }
      const form: OnboardingForm = {
        id: fakeId(),
        full_name: body.full_name ?? null,
        email: body.email ?? null,
        team_size: body.team_size ?? null,
        is_primary_contact: body.is_primary_contact ?? null,
        call_recording_app: body.call_recording_app ?? null,
        call_recording_app_other: body.call_recording_app_other ?? null,
        sales_framework: body.sales_framework ?? null,
        sales_framework_custom: body.sales_framework_custom ?? null,
        submitted_by: state.me.id,
        created_at: new Date().toISOString(),
      }
      state.onboardingForms.push(form)
      return answer(201, form)
    },
  }),
  route('GET', '/v1/app-setting/onboarding_checklist', {
    answers: { 200: onboardingChecklistSchema },
    handle: (_input, state) => answer(200, checklistOf(state)),
  }),
  route('PATCH', '/v1/app-setting/onboarding_checklist', {
    body: onboardingChecklistPatchSchema,
    answers: { 200: onboardingChecklistSchema },
    handle: ({ body }, state) => {
      const refused = refuseMember(state)
      if (refused) return refused
      const ticks = new Map(body.steps.map((step) => [step.key, step.ticked]))
      state.checklist = state.checklist.map((step) => ({
        ...step,
        ticked: ticks.get(step.key) ?? step.ticked,
      }))
      return answer(200, checklistOf(state))
    },
  }),
]
