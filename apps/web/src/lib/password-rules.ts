/** OWASP ASVS 4.0.3 2.1.1–2.1.2: 12 to 128 characters; no composition rules (2.1.9). */
export const PASSWORD_MIN = 12
export const PASSWORD_MAX = 128

/** Which length rule a password breaks, if any; the server also refuses common passwords. */
export function passwordLengthProblem(password: string): 'too_short' | 'too_long' | null {
  if (password.length < PASSWORD_MIN) return 'too_short'
  if (password.length > PASSWORD_MAX) return 'too_long'
  return null
}
