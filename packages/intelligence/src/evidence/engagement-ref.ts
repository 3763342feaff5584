import type { Engagement, EngagementRef } from '@dealcoach/contracts/intelligence'

/** How a result names its engagement's kind: the spec treats every one not a transcript as e-mail. */
export const resultTypeOf = (type: string | undefined): 'transcript' | 'email' =>
  type === 'transcript' ? 'transcript' : 'email'

export function engagementRef(engagement: Engagement): EngagementRef {
  return {
    id: engagement.id,
    name: engagement.name,
    date: engagement.occurred_at ?? null,
    type: resultTypeOf(engagement.type),
  }
}
