import type { ErrorDetail } from '@dealcoach/contracts/errors'
import { HttpError, notFound } from '../../lib/http-error.js'

export const pipelineNotFound = () => notFound('Pipeline')

const dealsCount = (count: number) => (count === 1 ? '1 deal' : `${count} deals`)

/** A 400 shaped like a schema validation failure, for what only the database can check. */
export function invalidBody(problems: readonly ErrorDetail[]): HttpError {
  const [first] = problems
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''
  const message = first ? `${first.path}: ${first.message}${more}` : 'The request is invalid.'
  return new HttpError(400, 'validation_failed', message, [...problems])
}

/** Throws the 400 if a plan found anything wrong with the body. */
export function assertNoProblems(problems: readonly ErrorDetail[]): void {
  if (problems.length > 0) throw invalidBody(problems)
}

/** Deleting would take the deals with it; deactivating hides the pipeline and keeps them. */
export const pipelineHasDeals = (name: string, deals: number) =>
  new HttpError(
    409,
    'pipeline_has_deals',
    `Pipeline "${name}" still has ${dealsCount(deals)}. Deactivate it instead: that hides it and keeps its deals.`,
  )

/**
 * A removed stage still holds deals and the body does not say where they go. Each detail's path
 * is where the answer belongs: `body.move_deals_to.<stage id>`.
 */
export function stageHasDeals(
  blocked: readonly { stage: { id: string; name: string }; deals: number }[],
) {
  const details = blocked.map(({ stage, deals }) => ({
    path: `body.move_deals_to.${stage.id}`,
    message: `Stage "${stage.name}" still has ${dealsCount(deals)}`,
  }))
  const [only] = blocked
  const message =
    blocked.length === 1 && only
      ? `Stage "${only.stage.name}" still has ${dealsCount(only.deals)}. Say where to move ${only.deals === 1 ? 'it' : 'them'} (move_deals_to).`
      : `${blocked.length} removed stages still have deals: ${blocked
          .map(({ stage, deals }) => `"${stage.name}" (${dealsCount(deals)})`)
          .join(', ')}. Say where to move them (move_deals_to).`
  return new HttpError(409, 'stage_has_deals', message, details)
}
