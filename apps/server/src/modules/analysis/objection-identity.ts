import { createHash } from 'node:crypto'

/** The namespace of objection ids (a fixed random UUID; changing it would change every id). */
const NAMESPACE = Buffer.from('6f1d2c8a94b04e7fb3a1c5e2d7f80a13', 'hex')

/** What says that two analyses found the same objection (ADR 0033). */
export interface ObjectionPlace {
  organisationId: string
  dealId: string
  engagementId: string
  /** The utterance of a call; null in an e-mail, whose place is then the quote. */
  utteranceIndex?: number | null
  text: string
}

/**
 * The objection's id, the same in every analysis that finds it again (ADR 0033): a UUID v5
 * (RFC 9562) of its organisation, deal, engagement and place, that is the utterance of a call
 * or the quoted sentences of an e-mail. Its type, wording in a call, handling and rejection are
 * not part of it, so a retyped or re-judged objection keeps its id. `ordinal` tells apart two
 * objections an analysis finds in one place (counted in the engine's order).
 */
export function objectionId(place: ObjectionPlace, ordinal = 0): string {
  const where =
    place.utteranceIndex == null ? ['quote', place.text] : ['utterance', place.utteranceIndex]
  const name = JSON.stringify([place.organisationId, place.dealId, place.engagementId, ...where])
  const hash = createHash('sha1')
    .update(NAMESPACE)
    .update(ordinal === 0 ? name : `${name}#${ordinal}`)
    .digest()
  const bytes = hash.subarray(0, 16)
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** One analysis' objections with their ids; the second in the same place gets ordinal 1, … */
export function withObjectionIds<T extends ObjectionPlace>(
  rows: readonly T[],
): (T & { id: string })[] {
  const seen = new Map<string, number>()
  return rows.map((row) => {
    const base = objectionId(row)
    const ordinal = seen.get(base) ?? 0
    seen.set(base, ordinal + 1)
    return { ...row, id: ordinal === 0 ? base : objectionId(row, ordinal) }
  })
}
