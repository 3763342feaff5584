import { describe, expect, it } from 'vitest'
import { missingRequiredFields, normaliseHeader, recogniseColumns } from './import-columns.js'

describe('import columns', () => {
  it('meets headers however an export spells them', () => {
    expect(normaliseHeader('\uFEFFDeal_Stage ')).toBe('deal stage')
    expect(recogniseColumns('deals', ['Record ID', 'Deal Name', 'Deal Stage', 'Amount'])).toEqual({
      external_id: 'Record ID',
      name: 'Deal Name',
      stage: 'Deal Stage',
      amount: 'Amount',
    })
  })

  it("recognises the currency column of Salesforce's and HubSpot's deal exports", () => {
    const salesforce = ['Opportunity Name', 'Stage', 'Amount', 'Amount Currency']
    expect(recogniseColumns('deals', salesforce)).toMatchObject({
      amount: 'Amount',
      currency: 'Amount Currency',
    })
    for (const header of ['Currency', 'Deal Currency Code', 'Currency Code']) {
      expect(recogniseColumns('deals', ['Deal Name', 'Amount', header]).currency).toBe(header)
    }
  })

  it('leaves the explicitly mapped fields, and their columns, to the caller', () => {
    const headers = ['Opportunity Name', 'Name', 'Phase']
    expect(recogniseColumns('deals', headers, { name: 'Name', stage: 'Phase' })).toEqual({})
    expect(recogniseColumns('deals', headers, { stage: 'Phase' })).toEqual({
      name: 'Opportunity Name',
    })
  })

  it('leaves a field mapped to null unmapped, though one of its headers is there', () => {
    const headers = ['Deal Name', 'Deal Stage', 'Amount']
    expect(recogniseColumns('deals', headers, { amount: null })).toEqual({
      name: 'Deal Name',
      stage: 'Deal Stage',
    })
  })

  it('names the groups of fields a mapping still lacks', () => {
    expect(missingRequiredFields('deals', { name: 'Deal Name' })).toEqual([['stage']])
    expect(missingRequiredFields('contacts', { email: 'Email' })).toEqual([])
    expect(missingRequiredFields('engagements', {})).toEqual([
      ['deal_external_id'],
      ['body', 'name'],
    ])
  })
})
