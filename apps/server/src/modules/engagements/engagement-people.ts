import { decodeEncodedWords } from '@dealcoach/intelligence/email/decode-mime'

/** One who took part in a call or e-mail: a name, an address, or both. */
export interface ParticipantPerson {
  name: string | null
  email: string | null
}

/** A stored engagement with who took part, each named as the workspace knows them. */
export type WithPeople<T> = T & { people: ParticipantPerson[] }

const BARE_ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/

/**
 * A participant as stored, read apart: "Maya Chen <maya@acme.test>" (an e-mail's mailbox with its
 * display name), "maya@acme.test", or a call's speaker ("Maya Chen"). Addresses in lower case.
 */
export function readMailbox(text: string): ParticipantPerson {
  const trimmed = text.trim()
  const bracketed = /^(.*)<([^<>]+)>$/.exec(trimmed)
  if (bracketed && BARE_ADDRESS.test((bracketed[2] ?? '').trim())) {
    return {
      name: unquote(bracketed[1] ?? '') || null,
      email: (bracketed[2] ?? '').trim().toLowerCase(),
    }
  }
  return BARE_ADDRESS.test(trimmed)
    ? { name: null, email: trimmed.toLowerCase() }
    : { name: trimmed, email: null }
}

/** A mailbox as RFC 5322 writes it: the name quoted when it holds a comma or the like. */
export function formatMailbox(name: string, email: string): string {
  const shown = /[()<>[\]:;@\\,."]/.test(name)
    ? `"${name.replace(/["\\]/g, (character) => `\\${character}`)}"`
    : name
  return `${shown} <${email}>`
}

/**
 * Who took part, each by the name the workspace knows them by: the first of `known` (the deal's
 * contacts, then the organisation's users) with their address, else the name the mail gave,
 * else none; a call's speaker keeps their label.
 */
export function peopleOf(
  participants: readonly string[],
  known: readonly { name: string; email: string | null }[],
): ParticipantPerson[] {
  const nameOf = new Map<string, string>()
  for (const person of known) {
    const email = person.email?.trim().toLowerCase()
    if (email && person.name.trim() && !nameOf.has(email)) nameOf.set(email, person.name.trim())
  }
  return participants.map((participant) => {
    const person = readMailbox(participant)
    return person.email
      ? { name: nameOf.get(person.email) ?? person.name, email: person.email }
      : person
  })
}

const ADDRESS_HEADERS = new Set(['from', 'to', 'cc'])

/**
 * The display names an .eml file's From, To and Cc lines give their addresses ("Maya Chen
 * <maya@acme.test>"), by address in lower case; encoded words (=?UTF-8?…?=) decoded. The engine
 * reads the addresses alone.
 */
export function mailboxNames(content: string): Map<string, string> {
  const names = new Map<string, string>()
  for (const [header, value] of headerLines(content)) {
    if (!ADDRESS_HEADERS.has(header)) continue
    for (const mailbox of splitMailboxes(value)) {
      const { name, email } = readMailbox(decodeEncodedWords(mailbox))
      if (name && email && !names.has(email)) names.set(email, name)
    }
  }
  return names
}

/** The header lines before the first blank line, folded lines unfolded, names in lower case. */
function headerLines(content: string): [string, string][] {
  const lines: [string, string][] = []
  for (const line of content.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    if (line === '') break
    const last = lines.at(-1)
    if (/^[ \t]/.test(line) && last) {
      last[1] = `${last[1]} ${line.trim()}`
      continue
    }
    const colon = line.indexOf(':')
    if (colon > 0) lines.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1)])
  }
  return lines
}

/** A header's mailboxes: split at commas outside quotes and angle brackets. */
function splitMailboxes(value: string): string[] {
  const mailboxes: string[] = []
  let current = ''
  let quoted = false
  let bracketed = false
  for (let i = 0; i < value.length; i++) {
    const character = value[i] ?? ''
    if (character === '\\' && quoted) {
      current += character + (value[i + 1] ?? '')
      i++
      continue
    }
    if (character === '"') quoted = !quoted
    else if (!quoted && character === '<') bracketed = true
    else if (!quoted && character === '>') bracketed = false
    else if (!quoted && !bracketed && character === ',') {
      mailboxes.push(current)
      current = ''
      continue
    }
    current += character
  }
  mailboxes.push(current)
  return mailboxes.map((mailbox) => mailbox.trim()).filter(Boolean)
}

/** A display name without its quotes and escapes: "\"Chen, Maya\"" → "Chen, Maya". */
function unquote(name: string): string {
  const trimmed = name.trim()
  const quoted = /^"(.*)"$/.exec(trimmed)
  return quoted ? (quoted[1] ?? '').replace(/\\(.)/g, '$1').trim() : trimmed
}
