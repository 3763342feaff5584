import {
  getNamedType,
  getNullableType,
  GraphQLError,
  type GraphQLOutputType,
  isListType,
  isObjectType,
  Kind,
  OperationTypeNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql'

/**
 * The deepest selection allowed. Our data types nest at most 7 levels (deals → items → solutionFit
 * → scoring → evidenceRefs → engagement → id); introspection's types refer to each other and
 * graphql-js's own introspection query reaches 15 (`__schema … args { type { ofType ×9 } }`), so 15
 * lets tools introspect outside production and stops anything deeper.
 */
export const MAX_DEPTH = 15

/** The most a query may cost: 1 per field, times the length of the lists it sits in. */
export const MAX_COST = 10_000

/** The length assumed for a list with no page size or known bound of its own (stages, actions). */
const DEFAULT_LIST_SIZE = 10

/**
 * Lists whose length the analysis bounds: four solution-fit criteria, and the engine keeps at most
 * four evidence quotes per criterion (packages/intelligence solution-fit).
 */
const LIST_SIZES: Record<string, number> = {
  'SolutionFit.scoring': 4,
  'SolutionFitScoring.evidenceRefs': 4,
}

function depthError(depth: number) {
  return new GraphQLError(
    `The query nests ${depth} levels deep; at most ${MAX_DEPTH} are allowed.`,
    { extensions: { code: 'DEPTH_LIMIT_EXCEEDED', depth, maxDepth: MAX_DEPTH } },
  )
}

/** Refuses operations whose selections nest deeper than MAX_DEPTH, fragments included. */
export const depthLimitRule: ValidationRule = (context) => ({
  OperationDefinition(operation) {
    const depth = selectionDepth(context, operation.selectionSet, new Set())
    if (depth > MAX_DEPTH) context.reportError(depthError(depth))
  },
})

function selectionDepth(
  context: ValidationContext,
  selectionSet: SelectionSetNode,
  visiting: Set<string>,
): number {
  let deepest = 0
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const below = selection.selectionSet
        ? selectionDepth(context, selection.selectionSet, visiting)
        : 0
      deepest = Math.max(deepest, 1 + below)
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, selectionDepth(context, selection.selectionSet, visiting))
    } else {
      // A fragment cycle is NoFragmentCyclesRule's to report; here it just ends the walk.
      const name = selection.name.value
      const fragment = context.getFragment(name)
      if (!fragment || visiting.has(name)) continue
      visiting.add(name)
      deepest = Math.max(deepest, selectionDepth(context, fragment.selectionSet, visiting))
      visiting.delete(name)
    }
  }
  return deepest
}

/**
 * Refuses operations that could cost more than MAX_COST. A field costs 1 plus its selection's cost
 * times the length of the list it returns: a field with a `perPage` argument returns pages of that
 * size (its default when absent, the most allowed when it is a variable, since validation runs
 * before variables are known), and its page's list holds that many; other lists count their
 * known bound or DEFAULT_LIST_SIZE. Introspection is left out: it is bounded by the depth limit
 * and refused in production.
 */
export function costLimitRule(pageSize: { default: number; max: number }): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const root =
        operation.operation === OperationTypeNode.QUERY
          ? context.getSchema().getQueryType()
          : operation.operation === OperationTypeNode.MUTATION
            ? context.getSchema().getMutationType()
            : context.getSchema().getSubscriptionType()
      if (!root) return
      const cost = selectionCost(context, root, operation.selectionSet, undefined, new Set())
      if (cost > MAX_COST) {
        context.reportError(
          new GraphQLError(
            `The query could cost ${cost}; at most ${MAX_COST} is allowed. Ask for fewer items per page or fewer fields.`,
            { extensions: { code: 'COST_LIMIT_EXCEEDED', cost, maxCost: MAX_COST } },
          ),
        )
      }
    },
  })

  function pageSizeOf(node: {
    arguments?: readonly { name: { value: string }; value: unknown }[]
  }) {
    const argument = node.arguments?.find((arg) => arg.name.value === 'perPage')
    const value = argument?.value as { kind: Kind; value?: string } | undefined
    if (!value) return pageSize.default
    if (value.kind === Kind.INT && value.value !== undefined) {
      return Math.min(Math.max(Number(value.value), 1), pageSize.max)
    }
    return pageSize.max
  }

  function selectionCost(
    context: ValidationContext,
    parentType: GraphQLOutputType,
    selectionSet: SelectionSetNode,
    pageLength: number | undefined,
    visiting: Set<string>,
  ): number {
    const parent = getNamedType(parentType)
    if (!isObjectType(parent)) return 0
    let total = 0
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value
        if (name.startsWith('__')) continue
        const field = parent.getFields()[name]
        if (!field) continue
        const paginated = field.args.some((arg) => arg.name === 'perPage')
        const isList = isListType(getNullableType(field.type))
        const length = isList
          ? (pageLength ?? LIST_SIZES[`${parent.name}.${name}`] ?? DEFAULT_LIST_SIZE)
          : 1
        const below = selection.selectionSet
          ? selectionCost(
              context,
              field.type,
              selection.selectionSet,
              paginated ? pageSizeOf(selection) : undefined,
              visiting,
            )
          : 0
        total += 1 + length * below
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const typeName = selection.typeCondition?.name.value
        const type = typeName ? context.getSchema().getType(typeName) : parent
        if (type && isObjectType(type)) {
          total += selectionCost(context, type, selection.selectionSet, pageLength, visiting)
        }
      } else {
        const name = selection.name.value
        const fragment = context.getFragment(name)
        if (!fragment || visiting.has(name)) continue
        const type = context.getSchema().getType(fragment.typeCondition.name.value)
        if (!type || !isObjectType(type)) continue
        visiting.add(name)
        total += selectionCost(context, type, fragment.selectionSet, pageLength, visiting)
        visiting.delete(name)
      }
    }
    return total
  }
}
