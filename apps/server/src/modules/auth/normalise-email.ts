/** The form an e-mail address is compared and stored in. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}
