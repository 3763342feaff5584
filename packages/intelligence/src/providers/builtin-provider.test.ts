import { dealAnalysisSchema } from '@dealcoach/contracts/intelligence'
import { describe, expect, it } from 'vitest'
import { generateCallTranscript } from '../bench/generate-call-transcript.js'
import { call, dealInput } from '../test-support/deal-builders.js'
import { createBuiltinProvider } from './builtin-provider.js'

describe('builtin provider', () => {
  it('returns an analysis that satisfies the contract', async () => {
    const analysis = await createBuiltinProvider().analyseDeal(
      dealInput([generateCallTranscript(7, 1500)]),
    )
    expect(dealAnalysisSchema.parse(analysis)).toEqual(analysis)
    expect(analysis.provider).toBe('builtin')
    expect(analysis.objections.length).toBeGreaterThan(0)
  })

  it('is deterministic', async () => {
    const provider = createBuiltinProvider()
    const input = dealInput([
      call('e1', [
        ['buyer', 'We already use another tool and it works fine.'],
        ['seller', 'What does it cost you?'],
      ]),
    ])
    expect(await provider.analyseDeal(input)).toEqual(await provider.analyseDeal(input))
  })

  it('rejects input that breaks the contract', async () => {
    await expect(
      createBuiltinProvider().analyseDeal({ ...dealInput([]), engagements: [{ id: '' }] } as never),
    ).rejects.toThrow()
  })
})
