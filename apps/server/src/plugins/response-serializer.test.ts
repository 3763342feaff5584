import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { checkedSerializerCompiler, plainSerializerCompiler } from './response-serializer.js'

const route = {
  schema: z.object({ id: z.string(), at: z.iso.datetime(), note: z.string().nullable() }),
  method: 'GET',
  url: '/v1/things/:id',
  httpStatus: '200',
}

describe('response serializers', () => {
  const checked = checkedSerializerCompiler(route)
  const plain = plainSerializerCompiler(route)
  const body = { id: 'a', at: '2026-11-24T10:00:00.000Z', note: null }

  it('send the same JSON when the body is exactly what its schema declares', () => {
    expect(JSON.parse(checked(body))).toEqual(body)
    expect(JSON.parse(plain(body))).toEqual(body)
  })

  it('outside production, refuse a field the schema leaves out, which production would send', () => {
    const leaky = { ...body, organisation_id: 'secret' }
    expect(plain(leaky)).toContain('organisation_id')
    expect(() => checked(leaky)).toThrow(/GET \/v1\/things\/:id: the response holds fields/)
  })

  it('outside production, refuse a body its schema rejects', () => {
    expect(() => checked({ ...body, at: 'yesterday' })).toThrow()
    expect(() => checked({ id: 'a', note: null })).toThrow()
  })
})
