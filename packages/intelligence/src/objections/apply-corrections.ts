import type { ObjectionCorrection, ObjectionTypeConfig } from '@dealcoach/contracts/intelligence'
import { stemText } from '../nlp/stem-text.js'
import { addTerms, dot, normalised, type TermVector } from '../nlp/term-vector.js'

// Users' corrections of detected objections (issue 14): "not an objection" or "another type".
// A correction applies to the sentence it was made on and to sentences that say nearly the
// same, in any deal of the organisation, because a team repeats its own turns of phrase.

/**
 * Cosine of the content-stem vectors above which a sentence counts as the corrected one.
 * Word order and stop words do not count ("the price is honestly too steep for us right now"
 * and "honestly the price is too steep for us" share every content stem: 1.0); sharing three
 * of four content words passes (0.75); sharing one topic word with a different claim ("the
 * price looks fine to us": 0.41) or two of three (0.67) does not. The sales concepts the
 * detector reads are left out on purpose: they make every remark about money alike (0.68 for
 * the "looks fine" sentence), which would let one correction silence a whole topic.
 */
export const CORRECTION_SIMILARITY = 0.7

export type CorrectionVerdict = ObjectionCorrection['verdict']

export interface CorrectionMatch {
  verdict: CorrectionVerdict
  // The type to use instead, for other_type.
  typeId: string | null
  similarity: number
}

export interface CorrectionIndex {
  /** The correction that applies to a detection citing sentences with these stems, or null. */
  match(citedStems: readonly (readonly string[])[]): CorrectionMatch | null
}

interface PreparedCorrection {
  verdict: CorrectionVerdict
  typeId: string | null
  vector: TermVector
}

function stemVector(stems: readonly string[]): TermVector {
  const vector: TermVector = new Map()
  addTerms(
    vector,
    stems.map((s) => `s:${s}`),
    1,
  )
  return normalised(vector)
}

export const NO_CORRECTIONS: CorrectionIndex = { match: () => null }

// Built once per analysis: each correction's vector is computed here, so matching a detection
// costs one sparse dot product per correction. other_type corrections to a type that is no
// longer active are dropped (the detection keeps the engine's own type); so are quotes without
// a content word, which would otherwise match every stem-less "Okay." in the organisation.
export function buildCorrectionIndex(
  corrections: readonly ObjectionCorrection[],
  activeTypeIds: ReadonlySet<string>,
): CorrectionIndex {
  const prepared: PreparedCorrection[] = []
  for (const correction of corrections) {
    const typeId =
      correction.verdict === 'other_type' ? (correction.objection_type_id ?? null) : null
    if (correction.verdict === 'other_type' && (typeId === null || !activeTypeIds.has(typeId))) {
      continue
    }
    const vector = stemVector(stemText(correction.quote))
    if (vector.size === 0) continue
    prepared.push({ verdict: correction.verdict, typeId, vector })
  }
  if (prepared.length === 0) return NO_CORRECTIONS
  return {
    match(citedStems) {
      // The whole quote, and each cited sentence on its own: a correction made on a one-sentence
      // quote still applies when the detector now cites that sentence together with another.
      const candidates = [citedStems.flat(), ...(citedStems.length > 1 ? citedStems : [])]
        .map(stemVector)
        .filter((v) => v.size > 0)
      let best: CorrectionMatch | null = null
      for (const correction of prepared) {
        for (const candidate of candidates) {
          const similarity = dot(candidate, correction.vector)
          // Strictly greater: of equally close corrections the first given wins (the server
          // passes the newest first).
          if (similarity >= CORRECTION_SIMILARITY && (!best || similarity > best.similarity)) {
            best = { verdict: correction.verdict, typeId: correction.typeId, similarity }
          }
        }
      }
      return best
    },
  }
}

// A confirmed other_type correction is an example of the type the user chose, so the type
// index learns the organisation's wording for it (DESIGN §6: types are matched by their name,
// description, examples and confirmed feedback). Returns the same array when nothing changes,
// which keeps the provider's per-configuration cache warm.
export function withConfirmedExamples(
  types: readonly ObjectionTypeConfig[],
  corrections: readonly ObjectionCorrection[],
): readonly ObjectionTypeConfig[] {
  const extra = new Map<string, string[]>()
  for (const correction of corrections) {
    const typeId = correction.objection_type_id
    if (correction.verdict !== 'other_type' || typeId === undefined) continue
    const list = extra.get(typeId) ?? []
    list.push(correction.quote)
    extra.set(typeId, list)
  }
  if (extra.size === 0) return types
  return types.map((type) => {
    const added = extra.get(type.id)?.filter((quote) => !type.examples.includes(quote))
    return added && added.length > 0 ? { ...type, examples: [...type.examples, ...added] } : type
  })
}
