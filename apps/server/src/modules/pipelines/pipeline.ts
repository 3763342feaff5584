/** A pipeline as the pipelines service answers it: with its stages and actions, in order. */
export interface Pipeline {
  id: string
  name: string
  active: boolean
  /** The CRM's id for the pipeline, if linked. */
  remoteId: string | null
  createdAt: Date
  updatedAt: Date
  /** By position. */
  stages: Stage[]
  /** By their stage's position, then their own; actions without a stage last. */
  actions: Action[]
}

export interface Stage {
  id: string
  name: string
  position: number
  remoteStageId: string | null
}

export interface Action {
  id: string
  /** Null when the action belongs to no stage. */
  stageId: string | null
  name: string
  description: string
  /** Order within its stage. */
  position: number
}

/**
 * What a new pipeline starts with: the default pipeline and every sales-framework template have
 * this shape; a blank pipeline has no stages.
 */
export interface PipelineTemplate {
  name: string
  active?: boolean
  stages: readonly {
    name: string
    actions: readonly { name: string; description: string }[]
  }[]
}
