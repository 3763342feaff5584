// Limits shared by the server's validation and the web app's forms. Kept free of zod so the
// browser can import them without the schema library.

/** OWASP ASVS 4.0.3 V2.1.1–2.1.2: at least 12 and at most 128 characters (Unicode code points). */
export const PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 128

/** Limits of the product profile (issue 5): what the engine is given to read. */
export const PRODUCT_LIMITS = {
  name: 200,
  text: 5000,
  listEntries: 50,
  listEntry: 500,
} as const
