import type { ObjectionTypeConfig } from '@dealcoach/contracts/intelligence'
import { DEFAULT_OBJECTION_TYPES } from '@dealcoach/playbooks/default-objection-types'
import { featuresOfStems } from '../nlp/sentence-features.js'
import { stemText } from '../nlp/stem-text.js'
import { addVector, dot, normalised, type TermVector } from '../nlp/term-vector.js'

export interface TypeProfile {
  config: ObjectionTypeConfig
  vector: TermVector
  // The default type this one is (same key as id, or same name), whose prior the trained
  // model holds; null for the organisation's own types.
  defaultKey: string | null
  // An own type's words that no default type's wording has: the words on which it can be
  // told from the default types (empty for a default type).
  ownWords: ReadonlySet<string>
}

const DEFAULT_KEYS = new Map<string, string>()
for (const type of DEFAULT_OBJECTION_TYPES) {
  DEFAULT_KEYS.set(type.key, type.key)
  DEFAULT_KEYS.set(type.name.trim().toLowerCase(), type.key)
}

export function defaultTypeKey(config: ObjectionTypeConfig): string | null {
  return DEFAULT_KEYS.get(config.id) ?? DEFAULT_KEYS.get(config.name.trim().toLowerCase()) ?? null
}

export interface TypeMatch {
  type: ObjectionTypeConfig
  similarity: number
}

export interface ObjectionTypeIndex {
  profiles: readonly TypeProfile[]
  classify(features: TermVector): TypeMatch | null
}

const NAME_WEIGHT = 3
const DESCRIPTION_WEIGHT = 1.5
const EXAMPLE_WEIGHT = 1

// Built once per organisation configuration: a TF-IDF profile per active type from its own
// name, description and examples, so terms shared by every type count for little.
export function buildObjectionTypeIndex(types: readonly ObjectionTypeConfig[]): ObjectionTypeIndex {
  const active = types.filter((t) => t.active)
  const raw = active.map((config) => {
    const vector: TermVector = new Map()
    addVector(vector, normalised(featuresOfStems(stemText(config.name))), NAME_WEIGHT)
    addVector(vector, normalised(featuresOfStems(stemText(config.description))), DESCRIPTION_WEIGHT)
    for (const example of config.examples) {
      addVector(vector, normalised(featuresOfStems(stemText(example))), EXAMPLE_WEIGHT)
    }
    return { config, vector }
  })
  const documentFrequency = new Map<string, number>()
  for (const { vector } of raw) {
    for (const term of vector.keys())
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1)
  }
  const count = raw.length
  const weightedProfiles = raw.map(({ config, vector }) => {
    const weighted: TermVector = new Map()
    for (const [term, value] of vector) {
      const idf = Math.log((count + 1) / (documentFrequency.get(term) ?? 1))
      weighted.set(term, value * idf)
    }
    return { config, vector: normalised(weighted), defaultKey: defaultTypeKey(config) }
  })
  const defaultWords = new Set(
    weightedProfiles.filter((p) => p.defaultKey).flatMap((p) => [...p.vector.keys()]),
  )
  const profiles: TypeProfile[] = weightedProfiles.map((profile) => ({
    ...profile,
    ownWords: new Set(
      profile.defaultKey
        ? []
        : [...profile.vector.keys()].filter((t) => t.startsWith('s:') && !defaultWords.has(t)),
    ),
  }))

  return {
    profiles,
    classify(features) {
      const query = normalised(features)
      let best: TypeMatch | null = null
      for (const profile of profiles) {
        const similarity = dot(query, profile.vector)
        if (similarity > 0 && (!best || similarity > best.similarity)) {
          best = { type: profile.config, similarity }
        }
      }
      return best
    },
  }
}
