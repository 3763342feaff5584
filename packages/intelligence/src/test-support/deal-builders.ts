import type { AnalysisInput, Engagement, SpeakerRole } from '@dealcoach/contracts/intelligence'
import { DEFAULT_OBJECTION_TYPE_CONFIGS, DEFAULT_PIPELINE_CONFIG } from '../eval/default-configs.js'

// A call from [role, text] pairs; the seller is "Sam Seller", the buyer "Bea Buyer".
export function call(
  id: string,
  turns: readonly [SpeakerRole, string][],
  occurredAt = '2026-03-02T15:00:00Z',
): Engagement {
  return {
    id,
    type: 'transcript',
    name: `Call ${id}`,
    occurred_at: occurredAt,
    utterances: turns.map(([role, text]) => ({
      speaker: role === 'seller' ? 'Sam Seller' : role === 'buyer' ? 'Bea Buyer' : 'Someone',
      role,
      text,
    })),
  }
}

export function dealInput(
  engagements: Engagement[],
  overrides: Partial<AnalysisInput> = {},
): AnalysisInput {
  return {
    product: {
      name: 'PayLedger',
      description: 'Cloud payroll for multi-state employers.',
      value_propositions: [
        'Automatic multi-state payroll tax filing',
        'Time-clock integrations for hourly staff',
      ],
    },
    objection_types: [...DEFAULT_OBJECTION_TYPE_CONFIGS],
    pipeline: DEFAULT_PIPELINE_CONFIG,
    engagements,
    ...overrides,
  }
}
