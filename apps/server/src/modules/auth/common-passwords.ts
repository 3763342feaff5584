import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const FILE_NAME = 'common-passwords.txt'
const here = path.dirname(fileURLToPath(import.meta.url))
// Beside this file when run from source; the compiled server (dist/) reads the source copy.
const candidates = [
  path.join(here, FILE_NAME),
  path.resolve(here, '../../../src/modules/auth', FILE_NAME),
]

let cached: ReadonlySet<string> | undefined

/** The lower-cased common-password list (see the header of common-passwords.txt). */
export function commonPasswords(): ReadonlySet<string> {
  if (cached) return cached
  const file = candidates.find((candidate) => existsSync(candidate))
  // Fail closed: without the list the policy would silently accept the weakest passwords.
  if (!file) throw new Error(`${FILE_NAME} not found (looked in ${candidates.join(', ')})`)
  const words = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
  cached = new Set(words)
  return cached
}
