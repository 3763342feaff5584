import { FeatureIndex } from '../model/feature-index.js'
import type { ObjectionModel } from '../model/objection-model.js'
import { typeRelevant } from './type-features.js'
import { oncePerObject } from '../text/once-per-object.js'

// One integer id per feature the detector or the default types' priors weigh, with both
// models' weights by id: a unit's features are then read once, as ids, for its detector score,
// and an objection's explanation and type priors are summed from those ids without naming a
// feature. Names typing leaves out of the detector's features (type-features.ts) get no type
// weights: the priors are trained without them.
export class ObjectionFeatureIndex {
  readonly index: FeatureIndex
  readonly detectorWeights: Float64Array
  // The default types in sorted order; a row holds one weight per type.
  readonly typeKeys: readonly string[]
  readonly typeBiases: Float64Array
  // typeRows[id * typeKeys.length + k]: feature id's weight for type k (0 where it has none).
  readonly typeRows: Float64Array
  readonly hasTypeRow: Uint8Array
  // What an objection's explanation (a positive detector weight) or typing (a type row) reads.
  readonly kept: Uint8Array

  constructor(model: Pick<ObjectionModel, 'detector' | 'types'>) {
    const types = model.types
    this.typeKeys = Object.keys(types).sort()
    const names = new Set(Object.keys(model.detector.weights))
    for (const key of this.typeKeys) {
      for (const name of Object.keys(types[key]?.weights ?? {})) {
        if (typeRelevant(name)) names.add(name)
      }
    }
    this.index = new FeatureIndex([...names])
    const size = this.index.size
    const width = this.typeKeys.length
    this.detectorWeights = Float64Array.from(
      this.index.names,
      (name) => model.detector.weights[name] ?? 0,
    )
    this.typeBiases = Float64Array.from(this.typeKeys, (key) => types[key]?.bias ?? 0)
    this.typeRows = new Float64Array(size * width)
    this.hasTypeRow = new Uint8Array(size)
    this.typeKeys.forEach((key, k) => {
      for (const [name, weight] of Object.entries(types[key]?.weights ?? {})) {
        if (!typeRelevant(name)) continue
        const id = this.index.id(name)
        this.typeRows[id * width + k] = weight
        this.hasTypeRow[id] = 1
      }
    })
    this.kept = Uint8Array.from({ length: size }, (_, id) =>
      (this.detectorWeights[id] as number) > 0 || this.hasTypeRow[id] === 1 ? 1 : 0,
    )
  }
}

// One index per trained model, built on first use and kept while the model is.
export const objectionFeatureIndex = oncePerObject(
  (model: ObjectionModel) => new ObjectionFeatureIndex(model),
)

// Feature ids of one unit, each once, in the order first sent; then those of the next units
// not already listed: the ids of the union of their feature sets, in that set's order.
export function mergedFeatureIds(parts: readonly Int32Array[]): Int32Array {
  if (parts.length === 1 && parts[0]) return parts[0]
  const seen = new Set<number>()
  const out: number[] = []
  for (const ids of parts) {
    for (const id of ids) {
      if (seen.has(id)) continue
      seen.add(id)
      out.push(id)
    }
  }
  return Int32Array.from(out)
}
