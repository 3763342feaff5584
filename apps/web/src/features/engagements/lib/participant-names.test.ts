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
  it('names a deal contact by their address, whatever its case, else by the name the server gave, else by the address', () => {
    const contacts = [
      contact('Daniel Okafor', 'Daniel.Okafor@harbour.example'),
      contact('Sam', null),
    ]
    expect(
      participantNames(
        [
          { name: 'D. Okafor', email: 'daniel.okafor@harbour.example' },
          { name: 'Priya Raman', email: 'priya@seller.example' },
          { name: null, email: 'nobody@harbour.example' },
          { name: 'Maria Lopez', email: null },
        ],
        contacts,
      ),
    ).toEqual([
      { label: 'Daniel Okafor', email: 'daniel.okafor@harbour.example' },
      { label: 'Priya Raman', email: 'priya@seller.example' },
      { label: 'nobody@harbour.example', email: 'nobody@harbour.example' },
      { label: 'Maria Lopez', email: null },
    ])
  })
})
