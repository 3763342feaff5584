import type { DealContact, ParsedAnalysisInput } from '@dealcoach/contracts/intelligence'

// "Tom Becker <tom.becker@acme.test>" or a bare address.
const NAMED_ADDRESS = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/

/**
 * Who wrote an e-mail, as the deal knows them: the deal contact with the sender's address, else
 * the name the From line gives, else the address. An objection raised by e-mail then reads
 * "raised by Tom Becker", as one raised on a call does.
 */
export function senderName(from: string, contacts: readonly DealContact[]): string {
  const named = NAMED_ADDRESS.exec(from)
  const address = (named?.[2] ?? from).trim().toLowerCase()
  const contact = contacts.find((c) => c.email?.trim().toLowerCase() === address)
  return contact?.name ?? (named?.[1] || from)
}

/** The input with each e-mail's sender named (senderName). */
export function withSenderNames(input: ParsedAnalysisInput): ParsedAnalysisInput {
  const { contacts } = input.deal
  if (!input.engagements.some((e) => e.from)) return input
  return {
    ...input,
    engagements: input.engagements.map((e) =>
      e.from ? { ...e, from: senderName(e.from, contacts) } : e,
    ),
  }
}
