// Limits shared by the server's validation and the web app's forms. Kept free of zod so the
// browser can import them without the schema library.

/** OWASP ASVS 4.0.3 V2.1.1–2.1.2: at least 12 and at most 128 characters (Unicode code points). */
export const PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 128

/** The organisation's (workspace's) own name. */
export const ORGANISATION_NAME_MAX_LENGTH = 200

/** Limits of the product profile (issue 5): what the engine is given to read. */
export const PRODUCT_LIMITS = {
  name: 200,
  text: 5000,
  listEntries: 50,
  listEntry: 500,
} as const

/** Limits of pipelines, stages and playbook actions (issue 5). */
export const PIPELINE_LIMITS = {
  name: 200,
  stages: 30,
  actions: 300,
  actionDescription: 2000,
} as const

/** Limits of objection types (issue 5); examples are customer sentences. */
export const OBJECTION_TYPE_LIMITS = {
  name: 200,
  description: 2000,
  examples: 50,
  example: 500,
} as const

/** Limits of the onboarding questionnaire's free-text answers (issue 5). */
export const ONBOARDING_LIMITS = {
  fullName: 200,
  email: 254,
  text: 500,
} as const
