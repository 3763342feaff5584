import type { TeamMember } from '@dealcoach/contracts/users'
import { setAccessToken } from '@/lib/access-token'
import { fakeAccessToken } from './fake-api/fake-access-token'
import { fakeApi } from './fake-api/fake-api'
import { pipelineFixture } from './fake-api/fixtures/pipeline-fixture'
import { meFixture, ORGANISATION_ID, teamMemberOf } from './fake-api/fixtures/user-fixtures'
import { initialDealsArea } from './fake-api/routes/deals-routes'

/** The deal tests' starting point: the fixture pipeline and a deals area with no deals. */
export function seedDealsArea() {
  fakeApi.seed({ pipelines: [pipelineFixture()], dealsArea: initialDealsArea() })
}

/** Signs `user` (the fixture user unless given) in to the fixture organisation as `role`. */
export function signInAs(role: TeamMember['role'], user: TeamMember = teamMemberOf(meFixture())) {
  setAccessToken(fakeAccessToken({ ...user, role }, ORGANISATION_ID))
}
