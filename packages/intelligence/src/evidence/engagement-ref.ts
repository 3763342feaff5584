import type { Engagement, EngagementRef } from '@dealcoach/contracts/intelligence'

export function engagementRef(engagement: Engagement): EngagementRef {
  return {
    id: engagement.id,
    name: engagement.name,
    date: engagement.occurred_at ?? null,
    // The spec treats every engagement that is not a transcript as e-mail.
    type: engagement.type === 'transcript' ? 'transcript' : 'email',
  }
}
