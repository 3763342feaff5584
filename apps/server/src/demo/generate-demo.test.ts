import { DEFAULT_OBJECTION_TYPES } from '@dealcoach/playbooks/default-objection-types'
import { describe, expect, it } from 'vitest'
import { generateDemo } from './generate-demo.js'

const now = new Date('2026-11-23T10:00:00Z')

describe('generateDemo', () => {
  const demo = generateDemo({ seed: 7, now })

  it('gives the same workspace for the same seed and another one for another seed', () => {
    expect(JSON.stringify(generateDemo({ seed: 7, now }))).toBe(JSON.stringify(demo))
    expect(JSON.stringify(generateDemo({ seed: 8, now }))).not.toBe(JSON.stringify(demo))
  })

  it('makes 3 pipelines, 8 reps with one admin, ~240 deals with 2–4 contacts each', () => {
    expect(demo.pipelines.map((p) => p.name)).toEqual(['New Business', 'Expansion', 'Renewals'])
    expect(demo.users).toHaveLength(8)
    expect(demo.users.filter((u) => u.role === 'admin')).toHaveLength(1)
    expect(demo.deals.length).toBe(240)
    for (const deal of demo.deals) {
      expect(deal.contacts.length).toBeGreaterThanOrEqual(2)
      expect(deal.contacts.length).toBeLessThanOrEqual(4)
      expect(deal.engagements.length).toBeGreaterThanOrEqual(2)
    }
    const statuses = new Set(demo.deals.map((d) => d.status))
    expect(statuses).toEqual(new Set(['open', 'won', 'lost']))
  })

  it('gives every deal its own name, so no board shows two cards that read the same', () => {
    const names = demo.deals.map((deal) => deal.name)
    expect(new Set(names).size).toBe(names.length)
  })

  it('spreads deals over the last nine months', () => {
    const oldest = Math.min(...demo.deals.map((d) => d.createdAt.getTime()))
    expect(now.getTime() - oldest).toBeGreaterThan(200 * 24 * 3600 * 1000)
    expect(now.getTime() - oldest).toBeLessThanOrEqual(272 * 24 * 3600 * 1000)
  })

  it('raises every default objection type, in more than one wording', () => {
    const keys = demo.deals.flatMap((d) => d.engagements.flatMap((e) => e.objectionKeys))
    for (const type of DEFAULT_OBJECTION_TYPES) {
      expect(keys.filter((k) => k === type.key).length).toBeGreaterThan(3)
    }
  })

  it('keeps stage histories in stage order and time order, ending at the deal stage', () => {
    for (const deal of demo.deals) {
      const stages = demo.pipelines[deal.pipeline]?.stages.length ?? 0
      expect(deal.stage).toBeLessThan(stages)
      expect(deal.history[0]?.fromStage).toBeNull()
      expect(deal.history.at(-1)?.toStage).toBe(deal.stage)
      for (let i = 1; i < deal.history.length; i++) {
        const [before, after] = [deal.history[i - 1], deal.history[i]]
        expect(after?.fromStage).toBe(before?.toStage)
        expect(after?.changedAt.getTime()).toBeGreaterThanOrEqual(before?.changedAt.getTime() ?? 0)
        expect(after?.changedAt.getTime()).toBeLessThanOrEqual(now.getTime())
      }
      if (deal.status === 'won') expect(deal.stage).toBe(stages - 1)
    }
  })

  it('writes transcripts with timed seller and buyer turns, and deals that read differently', () => {
    const transcript = demo.deals[0]?.engagements.find((e) => e.type === 'transcript')
    expect(transcript?.utterances.some((u) => u.role === 'seller')).toBe(true)
    expect(transcript?.utterances.some((u) => u.role === 'buyer')).toBe(true)
    const starts = transcript?.utterances.map((u) => u.start_ms) ?? []
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    const allText = demo.deals.flatMap((d) => d.engagements.map((e) => e.body)).join('\n')
    expect(allText).not.toMatch(/\{\w+\}/)
    const bodies = new Set(demo.deals.map((d) => d.engagements[0]?.body))
    expect(bodies.size).toBe(demo.deals.length)
  })

  it('calls a call a discovery call only while its deal was in its first stage', () => {
    for (const deal of demo.deals) {
      for (const call of deal.engagements.filter((e) => e.type === 'transcript')) {
        const stage = deal.history.filter((h) => h.changedAt <= call.occurredAt).at(-1)?.toStage
        if (/^(Discovery|Intro) call/.test(call.name ?? '')) expect(stage).toBe(0)
      }
    }
  })

  it('gives contacts the e-mail domain of their company, without its legal suffix', () => {
    for (const deal of demo.deals) {
      const domain = `${deal.company.split(' ').slice(0, 2).join('')}.example`.toLowerCase()
      for (const contact of deal.contacts) expect(contact.email.split('@')[1]).toBe(domain)
    }
  })
})
