import type { AuthProvidersResponse, RegistrationDetailsResponse } from '@dealcoach/contracts/auth'
import type { CrmIntegrationStatus } from '@dealcoach/contracts/crm'
import type { HealthResponse } from '@dealcoach/contracts/health'
import type { ObjectionFeedbackVerdict } from '@dealcoach/contracts/objection-analysis'
import type { Objection, ObjectionType } from '@dealcoach/contracts/objections'
import {
  ONBOARDING_STEP_KEYS,
  type OnboardingForm,
  type OnboardingStepKey,
} from '@dealcoach/contracts/onboarding'
import type { ProductProfile } from '@dealcoach/contracts/organisation'
import type { Pipeline } from '@dealcoach/contracts/pipelines'
import type { SalesFramework } from '@dealcoach/contracts/sales-frameworks'
import type { UserSession } from '@dealcoach/contracts/sessions'
import type { MeResponse, PendingInvitation, TeamMember } from '@dealcoach/contracts/users'
import { currentSessionFixture, meFixture, teamMemberOf } from './fixtures/user-fixtures'
import { type FakeActivityArea, initialActivityArea } from './routes/activity-routes'
import { type FakeCrmArea, initialCrmArea } from './routes/crm-routes'
import { type FakeDealScreenArea, initialDealScreenArea } from './routes/deal-screen-routes'
import { type FakeDealsArea, initialDealsArea } from './routes/deals-routes'
import { type FakeImportsArea, initialImportsArea } from './routes/imports-routes'

/** A join key that can no longer be used, and why. */
export type SpentJoinKey = 'used' | 'expired'

/** A password-reset link that can no longer be used, and why. */
export type SpentResetLink = 'used' | 'expired'

/** A checklist step as the server stores it; `done` and the counts are worked out when asked. */
export interface ChecklistStepState {
  key: OnboardingStepKey
  /** The organisation's data shows the step is done. */
  computed: boolean
  /** An admin ticked it by hand. */
  ticked: boolean
}

/** A user's correction of a detected objection, as the server stores it (issue 14). */
export interface FakeObjectionFeedback {
  id: string
  objection_id: string
  verdict: ObjectionFeedbackVerdict
  /** The right type, for other_type. */
  corrected_type_id: string | null
  user_id: string
  created_at: string
}

/** Everything the fake server knows. Each test starts from `initialState()`. */
export interface FakeApiState {
  health: HealthResponse
  /** The signed-in user (the bearer of the access token). */
  me: MeResponse
  /** The organisation's members, the signed-in user among them. */
  users: TeamMember[]
  /** E-mail → password of the accounts that can sign in. */
  passwords: Record<string, string>
  /** Whether the refresh cookie still opens a session. */
  signedIn: boolean
  /** Access tokens handed out, oldest first. */
  issuedTokens: string[]
  /** The signed-in user's live sessions (Settings → Sessions); one is `current`. */
  sessions: UserSession[]
  authProviders: AuthProvidersResponse
  /**
   * The password of the account a social sign-in's e-mail belongs to, while that identity is not
   * linked yet: the server then asks for it (409 password_required_to_link). Null: linked.
   */
  socialLinkPassword: string | null
  /** Join key → the pending registration, or why the key is spent. */
  registrations: Record<string, RegistrationDetailsResponse | SpentJoinKey>
  /** The organisation's pending invitations, oldest first; revoked ones are removed. */
  invitations: PendingInvitation[]
  /** Addresses with an account in another organisation: invited like anyone (no 409). */
  accountsElsewhere: string[]
  /** Invitations sent per address (lower case), for the per-address throttle. */
  invitationsSent: Record<string, number>
  /** Reset token → the address it was sent to, or why the link no longer works. */
  passwordResets: Record<string, { email: string } | SpentResetLink>
  pipelines: Pipeline[]
  salesFrameworks: SalesFramework[]
  /** Deleted types stay here with `deleted: true`, as the server keeps them. */
  objectionTypes: ObjectionType[]
  objections: Objection[]
  /** Corrections of objections, oldest first; the latest of an objection is the one that holds. */
  objectionFeedback: FakeObjectionFeedback[]
  product: ProductProfile
  /** Questionnaire submissions, oldest first. */
  onboardingForms: OnboardingForm[]
  checklist: ChecklistStepState[]
  crm: CrmIntegrationStatus
  /** How the CRM links and what a sync reads (routes/crm-routes.ts). */
  crmArea: FakeCrmArea
  /** Deals, their engagements and analyses (routes/deals-routes.ts). */
  dealsArea: FakeDealsArea
  /** The deal screen's activity, engagement texts, contacts' engagement and solution fits. */
  dealScreen: FakeDealScreenArea
  /** The pipelines' recent activity and the deals' stage history. */
  activity: FakeActivityArea
  /** CSV imports and how fast their jobs run (routes/imports-routes.ts). */
  importsArea: FakeImportsArea
}

export function initialState(): FakeApiState {
  const me = meFixture()
  return {
    health: { status: 'ok', version: '0.0.0-test', release_stage: 'test' },
    me,
    users: [teamMemberOf(me)],
    passwords: {},
    signedIn: true,
    issuedTokens: [],
    sessions: [currentSessionFixture()],
    authProviders: { google: null, microsoft: null },
    socialLinkPassword: null,
    registrations: {},
    invitations: [],
    passwordResets: {},
    accountsElsewhere: [],
    invitationsSent: {},
    pipelines: [],
    salesFrameworks: [],
    objectionTypes: [],
    objections: [],
    objectionFeedback: [],
    product: {
      name: '',
      description: '',
      value_propositions: [],
      differentiators: [],
      ideal_customer_profile: '',
      competitors: [],
    },
    onboardingForms: [],
    checklist: ONBOARDING_STEP_KEYS.map((key) => ({ key, computed: false, ticked: false })),
    crm: {
      linked: false,
      provider: null,
      account_name: null,
      linked_at: null,
      last_synced_at: null,
      supported_providers: ['hubspot', 'salesforce', 'pipedrive'],
      linkable_providers: [],
      connection_status: 'not_connected',
      auth_kind: null,
      sync: { state: 'idle', phase: null, started_at: null, finished_at: null, progress: {} },
      counts: {},
      errors: [],
      last_error: null,
    },
    crmArea: initialCrmArea(),
    dealsArea: initialDealsArea(),
    dealScreen: initialDealScreenArea(),
    activity: initialActivityArea(),
    importsArea: initialImportsArea(),
  }
}
