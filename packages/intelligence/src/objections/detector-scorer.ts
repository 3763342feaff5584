import { SentOnce } from '../model/feature-index.js'
import type { ObjectionModel } from '../model/objection-model.js'
import { IdFeatureSink } from './id-feature-sink.js'
import { objectionFeatureIndex, type ObjectionFeatureIndex } from './objection-feature-index.js'
import { oncePerObject } from '../text/once-per-object.js'

// The detector's score of a unit's feature stream (the same sum, in the same order, as
// `linearScore(detector, unitFeatures(...))`: each weighted feature once, as first sent), which
// also lists the ids of the unit's features an objection's explanation or typing reads, so a
// unit found to be an objection needs its features neither read again nor named.
export class DetectorScorer extends IdFeatureSink {
  private readonly sent: SentOnce
  // The kept ids of the unit being scored: the first `kept` slots, grown as needed.
  private ids = new Int32Array(256)
  private kept = 0
  private sum = 0

  constructor(
    private readonly model: ObjectionModel,
    features: ObjectionFeatureIndex,
  ) {
    super(features)
    this.sent = new SentOnce(features.index.size)
  }

  // Starts a new unit at the detector's bias.
  start(): this {
    this.sent.start()
    this.kept = 0
    this.sum = this.model.detector.bias
    return this
  }

  get score(): number {
    return this.sum
  }

  // The kept ids of this unit, in the order first sent.
  keptIds(): Int32Array {
    return this.ids.slice(0, this.kept)
  }

  protected add(id: number): void {
    if (!this.sent.first(id)) return
    const weight = this.features.detectorWeights[id] as number
    // A feature only the type priors weigh adds nothing, as it adds nothing to a set's sum.
    if (weight !== 0) this.sum += weight
    if (this.features.kept[id] !== 1) return
    if (this.kept === this.ids.length) {
      const grown = new Int32Array(this.ids.length * 2)
      grown.set(this.ids)
      this.ids = grown
    }
    this.ids[this.kept++] = id
  }
}

// One scorer per trained model, built on first use and kept while the model is.
export const detectorScorer = oncePerObject(
  (model: ObjectionModel) => new DetectorScorer(model, objectionFeatureIndex(model)),
)
