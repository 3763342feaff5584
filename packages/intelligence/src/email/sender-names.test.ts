import { describe, expect, it } from 'vitest'
import { analyseDealSync } from '../providers/builtin-provider.js'
import { dealInput } from '../test-support/deal-builders.js'
import { senderName } from './sender-names.js'

const contacts = [{ name: 'Tom Becker', email: 'Tom.Becker@acme.test' }]

describe('senderName', () => {
  it('names a sender by the deal contact with their address, else by the From line', () => {
    expect(senderName('tom.becker@acme.test', contacts)).toBe('Tom Becker')
    expect(senderName('"Becker, Tom" <tom.becker@acme.test>', contacts)).toBe('Tom Becker')
    expect(senderName('Ann Other <ann@acme.test>', contacts)).toBe('Ann Other')
    expect(senderName('ann@acme.test', contacts)).toBe('ann@acme.test')
  })

  it('says who raised an objection by e-mail by name', () => {
    const analysis = analyseDealSync(
      dealInput(
        [
          {
            id: 'm1',
            type: 'email',
            name: 'Re: offer',
            occurred_at: '2026-03-03T09:00:00Z',
            direction: 'inbound',
            from: 'tom.becker@acme.test',
            body: 'Honestly, the price is far too high for us and we have no budget left this year.',
          },
        ],
        { deal: { stage_history: [], contacts } },
      ),
    )
    expect(analysis.objections.map((o) => o.speaker)).toEqual(['Tom Becker'])
  })
})
