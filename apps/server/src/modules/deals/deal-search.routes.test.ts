import type { DealsResponse } from '@dealcoach/contracts/deals'
import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callAs, type SignedIn, signUp } from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'
import { searchWordPrefixes } from './deal-filter-sql.js'

/** Names and accounts whose words the parser splits in ways a search must not lose (ADR 0023). */
const DEALS: [name: string, account: string | null][] = [
  ['Bench deal 4711', 'Bench account 42'],
  ['Bench deal 47110', 'Bench account 420'],
  ['Ideal 4711 plan', null],
  ['Portal https://acme.example/path', 'Acme'],
  ['Café Zürich', 'Zürich Versicherung'],
  ['Deal 4711-b rollout', 'O’Neil & Sons'],
  ['Deal 47 11', 'john.doe@acme.example'],
  ['Renewal v2.1 ftp://files', null],
  ['Under_score deal', 'x@y team'],
]

/** Every search below, each also run by the text alone: ILIKE's meaning. */
const SEARCHES = [
  'deal 4711',
  'eal 4711',
  'account 42',
  'portal https',
  'https://acme',
  'portal https://acme.example/path acme',
  'café zür',
  'zürich vers',
  'deal 4711-b',
  'deal  4711',
  'deal 47 11',
  '47 11 john',
  'john.doe@acme',
  '11 john.doe',
  'v2.1 ftp',
  'renewal v2',
  'score deal',
  'x@y te',
  'y team',
  'sons',
  '& sons',
  'ZÜRICH VERS',
  'CAFÉ',
  'Account 42',
  '4711',
]

const contains = ([name, account]: (typeof DEALS)[number], search: string) =>
  `${name} ${account ?? ''}`.toLowerCase().includes(search.toLowerCase())

describe('deal search: several words through the word index, the meaning of ILIKE', () => {
  let testApp: TestApp
  let admin: SignedIn

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    admin = await signUp(testApp.app)
    const pipelines = await callAs(testApp.app, admin, 'GET', '/v1/pipelines')
    const pipeline = pipelines.json<{ models: Pipeline[] }>().models[0]
    if (!pipeline) throw new Error('the new organisation has no pipeline')
    for (const [name, account] of DEALS) {
      const created = await callAs(testApp.app, admin, 'POST', '/v1/deals', {
        pipeline_id: pipeline.id,
        stage_id: pipeline.stages[0]?.stage_id,
        name,
        account_name: account,
      })
      expect(created.statusCode, created.body).toBe(201)
    }
  })
  afterAll(() => testApp.close())

  it.each(SEARCHES)('"%s" finds the deals whose name or account contains it', async (search) => {
    const response = await callAs(
      testApp.app,
      admin,
      'GET',
      `/v1/deals?searchQuery=${encodeURIComponent(search)}&perPage=100`,
    )
    expect(response.statusCode, response.body).toBe(200)
    const found = response.json<DealsResponse>()
    const expected = DEALS.filter((deal) => contains(deal, search)).map(([name]) => name)
    expect(found.data.map((deal) => deal.name).sort()).toEqual(expected.sort())
    expect(found.pagination.total).toBe(expected.length)
  })

  it('pages a search, with the count of every match on each page and past the last', async () => {
    const search = async (query: string) => {
      const response = await callAs(testApp.app, admin, 'GET', `/v1/deals?${query}`)
      expect(response.statusCode, response.body).toBe(200)
      return response.json<DealsResponse>()
    }
    const all = await search('searchQuery=deal&perPage=100')
    const expected = DEALS.filter((deal) => contains(deal, 'deal')).length
    expect(all.pagination.total).toBe(expected)
    const second = await search('searchQuery=deal&perPage=2&page=2')
    expect(second.data.map((deal) => deal.id)).toEqual(all.data.slice(2, 4).map((deal) => deal.id))
    expect(second.pagination.total).toBe(expected)
    const past = await search('searchQuery=deal&perPage=2&page=40')
    expect(past.data).toEqual([])
    expect(past.pagination.total).toBe(expected)
  })

  it('sorts a search by the order asked for, as the unsearched list does', async () => {
    const names = async (query: string) => {
      const response = await callAs(testApp.app, admin, 'GET', `/v1/deals?${query}`)
      expect(response.statusCode, response.body).toBe(200)
      return response.json<DealsResponse>().data.map((deal) => deal.name)
    }
    // The unsearched list's order is the reference: names sort by the database's collation.
    const matching = new Set(DEALS.filter((deal) => contains(deal, 'deal')).map(([name]) => name))
    const byName = (await names('perPage=100&orderBy=name')).filter((name) => matching.has(name))
    expect(byName).toHaveLength(matching.size)
    expect(await names('searchQuery=deal&perPage=100&orderBy=name')).toEqual(byName)
    expect(await names('searchQuery=deal&perPage=100&order_by=-name')).toEqual(
      [...byName].reverse(),
    )
    expect(await names('searchQuery=deal&perPage=2&page=2&orderBy=name')).toEqual(
      byName.slice(2, 4),
    )
  })

  it('finds a deal by its new name once renamed (the kept search text follows)', async () => {
    const [found] = (
      await callAs(testApp.app, admin, 'GET', '/v1/deals?searchQuery=under_score')
    ).json<DealsResponse>().data
    if (!found) throw new Error('the deal to rename was not found')
    const renamed = await callAs(testApp.app, admin, 'PATCH', `/v1/deals/${found.id}`, {
      name: 'Überholt pilot',
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const names = async (query: string) =>
      (
        await callAs(
          testApp.app,
          admin,
          'GET',
          `/v1/deals?searchQuery=${encodeURIComponent(query)}`,
        )
      )
        .json<DealsResponse>()
        .data.map((deal) => deal.name)
    expect(await names('ÜBERHOLT')).toEqual(['Überholt pilot'])
    expect(await names('überholt pilot')).toEqual(['Überholt pilot'])
    expect(await names('under_score')).toEqual([])
    await callAs(testApp.app, admin, 'PATCH', `/v1/deals/${found.id}`, { name: 'Under_score deal' })
  })

  it('looks up the words after the first that are letters and digits only', () => {
    expect(searchWordPrefixes('deal 4711')).toEqual(['4711'])
    expect(searchWordPrefixes('  acme  corp 42 ')).toEqual(['corp', '42'])
    expect(searchWordPrefixes('café zür')).toEqual(['zür'])
    expect(searchWordPrefixes('acme')).toEqual([])
    expect(searchWordPrefixes('deal 4711-b https://x')).toEqual([])
    expect(searchWordPrefixes('deal ٤٢ x²')).toEqual([])
  })
})
