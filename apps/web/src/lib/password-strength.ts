import { PASSWORD_MIN_LENGTH } from '@dealcoach/contracts/limits'

/** 0 too short, 1 weak, 2 fair, 3 good, 4 strong (ASVS 2.1.8: a meter, not a rule). */
export type PasswordStrength = 0 | 1 | 2 | 3 | 4

// Bits of guessing work at which each level starts. A random 12-character lower-case password
// has about 56 bits; four random common words about 50–60, five about 65–75.
const LEVELS: readonly [number, PasswordStrength][] = [
  [80, 4],
  [64, 3],
  [48, 2],
]

/** How many symbols a guesser must try per character, from the kinds of character used. */
function alphabetSize(characters: readonly string[]): number {
  let size = 0
  if (characters.some((c) => /[a-z]/.test(c))) size += 26
  if (characters.some((c) => /[A-Z]/.test(c))) size += 26
  if (characters.some((c) => /[0-9]/.test(c))) size += 10
  if (characters.some((c) => /[\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/.test(c))) size += 33
  // Letters of other scripts, accents and emoji: a guesser cannot enumerate them cheaply.
  if (characters.some((c) => c > '\x7e')) size += 100
  return Math.max(size, 2)
}

/**
 * Characters that add little: a repeat of the one before, or the next of a run such as "abc",
 * "123" or "cba". Counted at half weight, so "aaaaaaaaaaaa" and "123456789012" score low.
 */
function predictableCharacters(characters: readonly string[]): number {
  let predictable = 0
  for (let i = 1; i < characters.length; i++) {
    const step = (characters[i]?.codePointAt(0) ?? 0) - (characters[i - 1]?.codePointAt(0) ?? 0)
    if (Math.abs(step) <= 1) predictable++
  }
  return predictable
}

/**
 * A rough estimate of how hard the password is to guess, for the meter beside a new password.
 * The server decides what is accepted (length, the breached-password list, the own e-mail).
 */
export function passwordStrength(password: string): PasswordStrength {
  const characters = [...password]
  if (characters.length < PASSWORD_MIN_LENGTH) return 0
  const distinct = new Set(characters.map((c) => c.toLowerCase())).size
  const effectiveLength = Math.min(
    characters.length - predictableCharacters(characters) / 2,
    // Few distinct characters, however many: "abababababab" is not 12 characters of work.
    distinct * 3,
  )
  const bits = effectiveLength * Math.log2(alphabetSize(characters))
  return LEVELS.find(([floor]) => bits >= floor)?.[1] ?? 1
}
