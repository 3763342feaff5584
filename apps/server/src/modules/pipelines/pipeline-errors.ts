import { Conflict, type FieldProblem, Invalid, NotFound } from '../../lib/domain-errors.js'

export const pipelineNotFound = () => new NotFound('Pipeline')

const dealsCount = (count: number) => (count === 1 ? '1 deal' : `${count} deals`)

/** Throws if a plan found anything wrong with the body that only the database can check. */
export function assertNoProblems(problems: readonly FieldProblem[]): void {
  if (problems.length > 0) throw new Invalid(problems)
}

/** Pipeline names are unique in an organisation, compared trimmed and in any case. */
export const pipelineNameTaken = (name: string) =>
  new Conflict('pipeline_name_taken', `Your organisation already has a pipeline named "${name}".`, [
    { field: 'name', message: 'is already used by another pipeline' },
  ])

/**
 * Deleting would take the deals with it; deactivating hides the pipeline and keeps them. The
 * detail, at the pipeline's id in the URL, names the pipeline and its deal count for clients.
 */
export const pipelineHasDeals = (name: string, deals: number) =>
  new Conflict(
    'pipeline_has_deals',
    `Pipeline "${name}" still has ${dealsCount(deals)}. Deactivate it instead: that hides it and keeps its deals.`,
    [
      {
        field: 'id',
        message: `Pipeline "${name}" still has ${dealsCount(deals)}`,
        code: 'pipeline_has_deals',
        params: { pipeline_name: name, deal_count: deals },
      },
    ],
    'params',
  )

/**
 * A removed stage still holds deals and the body does not say where they go. Each detail's path
 * is where the answer belongs: `move_deals_to.<stage id>`; it names the stage and its deal count.
 */
export function stageHasDeals(
  blocked: readonly { stage: { id: string; name: string }; deals: number }[],
) {
  const problems = blocked.map(({ stage, deals }) => ({
    field: `move_deals_to.${stage.id}`,
    message: `Stage "${stage.name}" still has ${dealsCount(deals)}`,
    code: 'stage_has_deals',
    params: { stage_name: stage.name, deal_count: deals },
  }))
  const [only] = blocked
  const message =
    blocked.length === 1 && only
      ? `Stage "${only.stage.name}" still has ${dealsCount(only.deals)}. Say where to move ${only.deals === 1 ? 'it' : 'them'} (move_deals_to).`
      : `${blocked.length} removed stages still have deals: ${blocked
          .map(({ stage, deals }) => `"${stage.name}" (${dealsCount(deals)})`)
          .join(', ')}. Say where to move them (move_deals_to).`
  return new Conflict('stage_has_deals', message, problems)
}
