import { describe, expect, it } from 'vitest'
import { proposeRoles } from './prepare-engagement.js'

const people = {
  users: [{ name: 'Ada Lovelace', email: 'ada@seller.example' }],
  contacts: [{ name: 'Priya Shah', email: null }],
}

const turns = (...speakers: string[]) => speakers.map((speaker) => ({ speaker, text: 'Hello.' }))

const rolesOf = (proposals: ReturnType<typeof proposeRoles>) =>
  proposals.map((proposal) => [proposal.speaker, proposal.role, proposal.matched])

describe('proposeRoles', () => {
  it('proposes someone matched to nobody as the buyer on a call a seller speaks in', () => {
    expect(rolesOf(proposeRoles(turns('Ada', 'Guest', 'Priya Shah'), {}, people))).toEqual([
      ['Ada', 'seller', 'user'],
      ['Guest', 'buyer', null],
      ['Priya Shah', 'buyer', 'contact'],
    ])
  })

  it('leaves them unknown on a call no seller speaks in', () => {
    expect(rolesOf(proposeRoles(turns('Guest', 'Priya Shah'), {}, people))).toEqual([
      ['Guest', 'unknown', null],
      ['Priya Shah', 'buyer', 'contact'],
    ])
  })

  it('takes the roles the uploader gave first, a seller among them', () => {
    const proposals = proposeRoles(turns('Sam', 'Guest'), { sam: 'seller' }, people)
    expect(rolesOf(proposals)).toEqual([
      ['Sam', 'seller', null],
      ['Guest', 'buyer', null],
    ])
  })
})
