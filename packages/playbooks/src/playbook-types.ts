import type { SalesFramework } from '@dealcoach/contracts/sales-frameworks'

/**
 * A default objection type. `key` names it in the eval files (shared/eval/README.md); the
 * database does not store it, since organisations rename and replace their types.
 */
export interface DefaultObjectionType {
  key: string
  name: string
  description: string
  examples: string[]
}

/**
 * A playbook action. The engine judges conversations against `description`, so it says what
 * doing the action sounds like; `key` names it in the eval files.
 */
export interface PlaybookAction {
  key: string
  name: string
  description: string
}

export interface PlaybookStage {
  key: string
  name: string
  actions: PlaybookAction[]
}

export interface DefaultPipeline {
  name: string
  stages: PlaybookStage[]
}

/** A sales-framework template is exactly what `GET /v1/sales-frameworks` answers for it. */
export type FrameworkTemplate = SalesFramework
