import type { DealContact } from '@dealcoach/contracts/deals'

/**
 * Who took part in a call or e-mail, as the deal knows them: an e-mail lists addresses, and the
 * address of one of the deal's contacts reads as that contact's name, as the call beside it does.
 */
export function participantNames(
  participants: readonly string[],
  contacts: readonly DealContact[],
): string[] {
  const nameOf = new Map(
    contacts.flatMap((contact) =>
      contact.email ? [[contact.email.trim().toLowerCase(), contact.name] as const] : [],
    ),
  )
  return participants.map(
    (participant) => nameOf.get(participant.trim().toLowerCase()) ?? participant,
  )
}
