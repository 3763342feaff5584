import { describe, expect, it } from 'vitest'
import { participantNames } from './participant-names'

const contact = (name: string, email: string | null) => ({
  id: '00000000-0000-4000-8000-0000000000c1',
  name,
  email,
  title: null,
  role: null,
})

describe('participantNames', () => {
  it('names a deal contact by their address, whatever its case, and keeps other addresses and names', () => {
    const contacts = [
      contact('Daniel Okafor', 'Daniel.Okafor@harbour.example'),
      contact('Sam', null),
    ]
    expect(
      participantNames(
        ['daniel.okafor@harbour.example', 'priya@seller.example', 'Maria Lopez'],
        contacts,
      ),
    ).toEqual(['Daniel Okafor', 'priya@seller.example', 'Maria Lopez'])
  })
})
