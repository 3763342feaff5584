import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLResolveInfo,
  Kind,
  type OperationDefinitionNode,
  parse,
} from 'graphql'
import { describe, expect, it } from 'vitest'
import { itemFieldNames } from './resolvers.js'

/** What a resolver of the query's top field would be given, as far as itemFieldNames reads it. */
function infoOf(query: string): GraphQLResolveInfo {
  const { definitions } = parse(query)
  const operation = definitions.find(
    (definition): definition is OperationDefinitionNode =>
      definition.kind === Kind.OPERATION_DEFINITION,
  )
  const fragments = Object.fromEntries(
    definitions
      .filter(
        (definition): definition is FragmentDefinitionNode =>
          definition.kind === Kind.FRAGMENT_DEFINITION,
      )
      .map((fragment) => [fragment.name.value, fragment]),
  )
  const fieldNodes = (operation?.selectionSet.selections ?? []).filter(
    (selection): selection is FieldNode => selection.kind === Kind.FIELD,
  )
  return { fieldNodes, fragments } as unknown as GraphQLResolveInfo
}

describe("the fields asked of a page's deals", () => {
  it('names the fields under items, not those nested in them or beside items', () => {
    const names = itemFieldNames(
      infoOf('{ deals { total items { id stage { name } owner { email } } } }'),
    )
    expect([...names].sort()).toEqual(['id', 'owner', 'stage'])
  })

  it('follows aliases, named and inline fragments, at the page and at the deal', () => {
    const names = itemFieldNames(
      infoOf(`
        { deals { ...Page list: items { ... on Deal { who: owner { id } } } } }
        fragment Page on DealPage { items { ...Where } }
        fragment Where on Deal { stage { id } }
      `),
    )
    expect([...names].sort()).toEqual(['owner', 'stage'])
  })

  it('names neither relation for a page that asks for neither', () => {
    const names = itemFieldNames(infoOf('{ deals { items { id name } } }'))
    expect(names.has('stage') || names.has('owner')).toBe(false)
  })
})
