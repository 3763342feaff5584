import { describe, expect, it } from 'vitest'
import {
  isNarrowed,
  quoteParams,
  reportFiltersOf,
  reportParams,
  reportSearchOf,
  withReportSearch,
} from './report-filters'

const TYPE = '00000000-0000-4000-8000-000000000a01'
const OWNER = '00000000-0000-4000-8000-000000000e01'

describe('the objection report’s filters', () => {
  it('reads only valid objections_* values from a search', () => {
    expect(
      reportSearchOf({
        objections_type: TYPE,
        objections_period: 'fortnight',
        objections_tab: 'elsewhere',
        objections_owner: '',
        dashboard_owner: OWNER,
      }),
    ).toEqual({ objections_type: TYPE })
  })

  it('works a preset out around today, and takes custom dates only the right way round', () => {
    const today = new Date(2026, 1, 18)
    expect(reportFiltersOf({ objections_period: 'thisMonth' }, today)).toMatchObject({
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    })
    expect(
      reportFiltersOf({
        objections_period: 'custom',
        objections_startDate: '2026-03-31',
        objections_endDate: '2026-03-01',
      }),
    ).toMatchObject({ startDate: null, endDate: null })
    expect(
      reportFiltersOf({
        objections_period: 'custom',
        objections_startDate: '2026-03-01',
        objections_endDate: '2026-03-01',
      }),
    ).toMatchObject({ startDate: '2026-03-01', endDate: '2026-03-01' })
    // Custom dates outside a custom period say nothing.
    expect(reportFiltersOf({ objections_startDate: '2026-03-01' })).toMatchObject({
      startDate: null,
      endDate: null,
    })
  })

  it('asks the report calls for whole days raised, and the quotes up to the next midnight', () => {
    const filters = {
      pipelineId: null,
      ownerId: OWNER,
      typeId: TYPE,
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    }
    expect(reportParams(filters).toString()).toBe(
      `ownerId=${OWNER}&objection_type_id.eq=${TYPE}&engagement_timestamp.gte=2026-02-01&engagement_timestamp.lte=2026-02-28T23%3A59%3A59.999Z`,
    )
    expect(quoteParams(filters, TYPE).toString()).toBe(
      `ownerId=${OWNER}&objection_type_id.eq=${TYPE}&created.gte=2026-02-01&created.lt=2026-03-01`,
    )
  })

  it('replaces only its own keys in the URL, and counts the tab as no filter', () => {
    expect(
      withReportSearch({ objections_type: TYPE, page: 2 }, { objections_owner: OWNER }),
    ).toEqual({ page: 2, objections_owner: OWNER })
    expect(isNarrowed({ objections_tab: 'corrections' })).toBe(false)
    expect(isNarrowed({ objections_owner: OWNER })).toBe(true)
  })
})
