import type { ExplanationParams } from '@dealcoach/contracts/intelligence'

/**
 * A sentence the engine writes for the user: its English (for API clients), and the code and
 * values the app says it by in the reader's language.
 */
export interface Explained<Code extends string> {
  text: string
  code: Code
  params: ExplanationParams
}
