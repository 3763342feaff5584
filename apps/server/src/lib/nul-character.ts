import { Invalid } from './domain-errors.js'

// PostgreSQL text cannot hold U+0000: every input is checked for it before it reaches a query
// (plugins/input-guard.ts for JSON, query and params; the multipart routes for their forms).

const NUL = '\u0000'

/**
 * The path (`stages.0.name`) of the first string, or object key, holding a NUL character; null
 * when there is none. Walks with its own stack: a deeply nested JSON body must not overflow ours.
 */
export function findNulCharacter(value: unknown): string | null {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path
      continue
    }
    if (typeof current !== 'object' || current === null || Buffer.isBuffer(current)) continue
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key
      if (key.includes(NUL)) return childPath
      pending.push({ value: child, path: childPath })
    }
  }
  return null
}

/** Throws the guard's 400 for the first NUL in a multipart form's text fields, which it cannot see. */
export function assertNoNulCharacter(fields: Readonly<Record<string, unknown>>): void {
  const path = findNulCharacter(fields)
  if (path === null) return
  throw new Invalid([
    { field: path, message: 'must not contain a NUL character', code: 'nul_character' },
  ])
}
