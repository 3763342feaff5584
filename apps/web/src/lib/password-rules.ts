import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dealcoach/contracts/limits'

/**
 * Which length rule a password breaks, if any, counted in Unicode code points as the server
 * counts them (ASVS 2.1.1–2.1.2, no composition rules); the server also refuses common passwords.
 */
export function passwordLengthProblem(password: string): 'too_short' | 'too_long' | null {
  const length = [...password].length
  if (length < PASSWORD_MIN_LENGTH) return 'too_short'
  if (length > PASSWORD_MAX_LENGTH) return 'too_long'
  return null
}
