import type { DealContactInput } from '@dealcoach/contracts/deals'
import type { Database } from '../../db/client.js'
import { Invalid, type FieldProblem } from '../../lib/domain-errors.js'
import {
  findContactByEmail,
  insertContact,
  linkContact,
  listDealContactRows,
  unlinkContactsExcept,
  updateContact,
} from './deals.repository.js'

/** Adds new contacts to the deal by name alone (a call's buyers, as their speaker labels). */
export async function addNamedContacts(
  tx: Database,
  organisationId: string,
  dealId: string,
  names: readonly string[],
) {
  for (const name of names) {
    const contactId = await insertContact(tx, organisationId, { name, email: null, title: null })
    await linkContact(tx, organisationId, dealId, contactId, null)
  }
}

/**
 * Makes the deal's contact list the given one: entries with an id that is already linked are
 * kept and updated, the others are created (or reuse the organisation's contact with the same
 * e-mail), and links not in the list are removed.
 */
export async function replaceContacts(
  tx: Database,
  organisationId: string,
  dealId: string,
  entries: readonly DealContactInput[],
) {
  const linked = new Set(
    (await listDealContactRows(tx, organisationId, [dealId])).map((contact) => contact.id),
  )
  const problems: FieldProblem[] = entries.flatMap((entry, index) =>
    entry.id !== undefined && !linked.has(entry.id)
      ? [{ field: `contacts.${index}.id`, message: 'is not a contact of this deal' }]
      : [],
  )
  if (problems.length > 0) throw new Invalid(problems)
  const kept: string[] = []
  for (const entry of entries) {
    const values = { name: entry.name, email: entry.email, title: entry.title }
    let contactId = entry.id
    if (contactId !== undefined) {
      await updateContact(tx, organisationId, contactId, values)
    } else {
      const existing = entry.email
        ? await findContactByEmail(tx, organisationId, entry.email)
        : undefined
      contactId = existing?.id ?? (await insertContact(tx, organisationId, values))
    }
    await linkContact(tx, organisationId, dealId, contactId, entry.role)
    kept.push(contactId)
  }
  await unlinkContactsExcept(tx, organisationId, dealId, kept)
}
