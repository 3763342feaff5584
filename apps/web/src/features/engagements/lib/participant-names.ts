import type { EngagementPerson } from '@dealcoach/contracts/engagements'
import type { DealContact } from '@dealcoach/contracts/deals'

/** One who took part, as the activity shows them: a name, and the address behind it if any. */
export interface NamedParticipant {
  label: string
  email: string | null
}

/**
 * Who took part in a call or e-mail, by name where one is known: one of the deal's contacts by
 * their address (as the deal reads now, a contact just added included), else the name the server
 * gave (an organisation user's, or the mail's own "Maya Chen <maya@…>"), else the bare address.
 */
export function participantNames(
  people: readonly EngagementPerson[],
  contacts: readonly DealContact[],
): NamedParticipant[] {
  const nameOf = new Map(
    contacts.flatMap((contact) =>
      contact.email ? [[contact.email.trim().toLowerCase(), contact.name] as const] : [],
    ),
  )
  return people.map(({ name, email }) => {
    const contactName = email ? nameOf.get(email.trim().toLowerCase()) : undefined
    return { label: contactName ?? name ?? email ?? '', email }
  })
}
