import type { SpeakerRole, Utterance } from '@dealcoach/contracts/intelligence'
import type { ParsedUtterance } from './parsed-utterance.js'

export interface DealPeople {
  // Organisation users on the deal (the seller side) and the deal's contacts (the buyer).
  sellers: readonly string[]
  buyers: readonly string[]
}

function matches(speaker: string, person: string): boolean {
  const a = speaker.trim().toLowerCase()
  const b = person.trim().toLowerCase()
  if (a === '' || b === '') return false
  // Recorders often label people by first name only, or by full name when we know one.
  return a === b || b.split(/\s+/)[0] === a || a.split(/\s+/)[0] === b
}

// DESIGN §6: seller = organisation users, buyer = contacts; anyone else is unknown until
// set at upload.
export function assignRoles(
  utterances: readonly ParsedUtterance[],
  people: DealPeople,
): Utterance[] {
  return utterances.map((u) => {
    let role: SpeakerRole = 'unknown'
    if (people.sellers.some((p) => matches(u.speaker, p))) role = 'seller'
    else if (people.buyers.some((p) => matches(u.speaker, p))) role = 'buyer'
    return { ...u, role }
  })
}
