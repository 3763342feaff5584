import { type FakeHubspot, startFakeHubspot } from '../../../server/src/test-support/fake-hubspot'

/** Where the e2e server finds HubSpot (playwright.config.ts passes it as HUBSPOT_API_URL). */
export const HUBSPOT_PORT = 2528
/** The one portal of the e2e HubSpot: its private-app token is the first the fake issues. */
export const E2E_PORTAL_ID = 7070
export const E2E_PRIVATE_APP_TOKEN = `pat-na1-${E2E_PORTAL_ID}-1`
export const E2E_HUBSPOT_DEALS = ['Northwind fleet telematics', 'Contoso warehouse scanners']

/**
 * The fake HubSpot of the server tests (HubSpot's documented shapes) with one portal: a pipeline,
 * an owner and two deals, one with a discovery call.
 */
export async function startHubspot(): Promise<() => Promise<void>> {
  const fake: FakeHubspot = await startFakeHubspot({ port: HUBSPOT_PORT })
  const portal = fake.addPortal(E2E_PORTAL_ID)
  const stage = (id: string, label: string, order: number, closed: boolean) => ({
    id,
    label,
    displayOrder: order,
    metadata: { isClosed: String(closed), probability: closed ? '1.0' : '0.3' },
  })
  portal.pipelines.push({
    id: 'default',
    label: 'HubSpot Sales',
    displayOrder: 0,
    stages: [
      stage('appointmentscheduled', 'Appointment scheduled', 0, false),
      stage('qualifiedtobuy', 'Qualified to buy', 1, false),
      stage('closedwon', 'Closed won', 2, true),
    ],
  })
  portal.owners.push({
    id: '901',
    email: 'owner@northwind.example',
    firstName: 'Nia',
    lastName: 'Owner',
  })
  const [first = '', second = ''] = E2E_HUBSPOT_DEALS
  fake.upsert(portal, 'deals', '1', {
    dealname: first,
    amount: '64000',
    pipeline: 'default',
    dealstage: 'appointmentscheduled',
    hubspot_owner_id: '901',
  })
  fake.moveDealStage(portal, '1', 'qualifiedtobuy')
  fake.upsert(portal, 'deals', '2', {
    dealname: second,
    amount: '18000',
    pipeline: 'default',
    dealstage: 'appointmentscheduled',
  })
  fake.upsert(portal, 'calls', '21', {
    hs_call_title: 'Discovery call',
    hs_call_body:
      'Dana: We would need this live before the peak season.<br>Sam: That works, the rollout takes four weeks.',
    hs_call_direction: 'OUTBOUND',
    hs_timestamp: '2026-11-02T10:00:00.000Z',
  })
  fake.associate(portal, 'calls', '21', 'deals', '1')
  return () => fake.close()
}
