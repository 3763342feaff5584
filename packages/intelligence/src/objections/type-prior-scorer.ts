import { SentOnce } from '../model/feature-index.js'
import type { ObjectionModel } from '../model/objection-model.js'
import { IdFeatureSink } from './id-feature-sink.js'
import { objectionFeatureIndex, type ObjectionFeatureIndex } from './objection-feature-index.js'
import { oncePerObject } from '../text/once-per-object.js'

// The default types' trained priors (one-vs-rest linear models) summed over an objection's
// type features, all types at once: each weighted feature has a row of its weights for every
// type, so a feature costs one pass over a short row. The sums are those of adding each
// distinct feature's weights in the order the features first come, from each type's bias
// (`typeFeatures` read in order): first the detector's features, as ids the detector scorer
// kept, then typing's own, sent to this sink.
export class TypePriorScorer extends IdFeatureSink {
  // `sums[k]` is the score of `features.typeKeys[k]`.
  readonly sums: Float64Array
  private readonly sent: SentOnce

  constructor(features: ObjectionFeatureIndex) {
    super(features)
    this.sums = new Float64Array(features.typeKeys.length)
    this.sent = new SentOnce(features.index.size)
  }

  get keys(): readonly string[] {
    return this.features.typeKeys
  }

  // Starts new sums at the types' biases.
  start(): this {
    this.sent.start()
    this.sums.set(this.features.typeBiases)
    return this
  }

  // Detector features by id (DetectorScorer.keptIds).
  addIds(ids: Int32Array): void {
    for (const id of ids) this.add(id)
  }

  protected add(id: number): void {
    if (!this.sent.first(id) || this.features.hasTypeRow[id] !== 1) return
    const sums = this.sums
    const rows = this.features.typeRows
    const at = id * sums.length
    for (let k = 0; k < sums.length; k++) sums[k] = (sums[k] as number) + (rows[at + k] as number)
  }
}

// One scorer per trained model, built on first use and kept while the model is.
export const typePriorScorer = oncePerObject(
  (model: ObjectionModel) => new TypePriorScorer(objectionFeatureIndex(model)),
)
