import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  buildCreatePayload,
  buildUpdatePayload,
  newObjectionTypeId,
  validateObjectionTypeDraft,
} from './objection-type-payload'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const draft = {
  name: '  Price / budget ',
  description: ' Too expensive. ',
  examples: ['  That is a lot. ', '', '   ', 'Cheaper elsewhere'],
  active: false,
}

describe('buildCreatePayload', () => {
  it('sends a new UUID, trimmed texts and only the non-blank examples', () => {
    const payload = buildCreatePayload(draft)
    expect(payload).toEqual({
      id: expect.stringMatching(UUID_V4) as string,
      name: 'Price / budget',
      description: 'Too expensive.',
      examples: ['That is a lot.', 'Cheaper elsewhere'],
      active: false,
    })
    expect(buildCreatePayload(draft).id).not.toBe(payload.id)
  })
})

describe('buildUpdatePayload', () => {
  it('sends the filled-in fields and the active flag', () => {
    expect(buildUpdatePayload(draft)).toEqual({
      name: 'Price / budget',
      description: 'Too expensive.',
      examples: ['That is a lot.', 'Cheaper elsewhere'],
      active: false,
    })
  })

  it('leaves out an empty name, description and examples list, never active', () => {
    expect(
      buildUpdatePayload({ name: '  ', description: '', examples: [' ', ''], active: true }),
    ).toEqual({ active: true })
  })
})

describe('newObjectionTypeId', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('builds a version-4 UUID where crypto.randomUUID is missing (no secure context)', () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) })
    expect(newObjectionTypeId()).toMatch(UUID_V4)
  })
})

describe('validateObjectionTypeDraft', () => {
  it('asks for a name and enforces the limits', () => {
    expect(validateObjectionTypeDraft({ ...draft, name: '   ' })).toEqual({ name: 'name_required' })
    expect(
      validateObjectionTypeDraft({
        ...draft,
        name: 'x'.repeat(201),
        description: 'y'.repeat(2001),
      }),
    ).toEqual({ name: 'name_too_long', description: 'description_too_long' })
    expect(validateObjectionTypeDraft(draft)).toEqual({})
  })
})
