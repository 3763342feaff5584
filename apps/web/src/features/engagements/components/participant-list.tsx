import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import type { NamedParticipant } from '../lib/participant-names'

/**
 * "Maya Chen, Jonas Rossi and priya@acme.test" in the reader's language; a named person's address
 * is their tooltip (title), for the reader who wants to write to them.
 */
export function ParticipantList({ people }: { people: readonly NamedParticipant[] }) {
  const { i18n } = useTranslation()
  const parts = new Intl.ListFormat(i18n.language, {
    type: 'conjunction',
    style: 'long',
  }).formatToParts(people.map((person) => person.label))
  let index = 0
  const items = parts.map((part, key): React.ReactNode => {
    if (part.type === 'literal') return part.value
    const person = people[index++]
    const address = person?.email && person.email !== person.label ? person.email : undefined
    return (
      <bdi key={key} title={address}>
        {part.value}
      </bdi>
    )
  })
  return <>{items}</>
}
