import type {
  CreateObjectionTypeBody,
  ObjectionType,
  UpdateObjectionTypeBody,
} from '@dealcoach/contracts/objections'
import { OBJECTION_TYPE_LIMITS } from '@dealcoach/contracts/limits'

/** What the objection type form edits. */
export interface ObjectionTypeDraft {
  name: string
  description: string
  examples: string[]
  active: boolean
}

export const emptyObjectionTypeDraft = (): ObjectionTypeDraft => ({
  name: '',
  description: '',
  examples: [],
  active: true,
})

export const draftOf = (objectionType: ObjectionType): ObjectionTypeDraft => ({
  name: objectionType.name,
  description: objectionType.description,
  examples: [...objectionType.examples],
  active: objectionType.active,
})

/** Spec §5: examples are trimmed and the blank ones dropped. */
export const cleanExamples = (examples: readonly string[]) =>
  examples.map((example) => example.trim()).filter((example) => example.length > 0)

/**
 * Spec §3: the client chooses the id. crypto.randomUUID exists only in secure contexts (HTTPS or
 * localhost); elsewhere the same version-4 UUID is built from crypto.getRandomValues.
 */
export function newObjectionTypeId(): string {
  const cryptoApi: Partial<Pick<Crypto, 'randomUUID'>> & Pick<Crypto, 'getRandomValues'> =
    globalThis.crypto
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID()
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** POST body: a new id, the trimmed texts, the non-blank examples and the active flag. */
export function buildCreatePayload(
  draft: ObjectionTypeDraft,
  id: string = newObjectionTypeId(),
): CreateObjectionTypeBody {
  return {
    id,
    name: draft.name.trim(),
    description: draft.description.trim(),
    examples: cleanExamples(draft.examples),
    active: draft.active,
  }
}

/**
 * PUT body (spec §5): only a non-empty name, description and examples list, and always the boolean
 * active. Whatever is left out keeps its stored value on the server.
 */
export function buildUpdatePayload(draft: ObjectionTypeDraft): UpdateObjectionTypeBody {
  const body: UpdateObjectionTypeBody = { active: draft.active }
  const name = draft.name.trim()
  if (name) body.name = name
  const description = draft.description.trim()
  if (description) body.description = description
  const examples = cleanExamples(draft.examples)
  if (examples.length > 0) body.examples = examples
  return body
}

export type ObjectionTypeDraftError = 'name_required' | 'name_too_long' | 'description_too_long'

export interface ObjectionTypeDraftErrors {
  name?: ObjectionTypeDraftError
  description?: ObjectionTypeDraftError
}

/** The checks the form makes before sending; the server checks the same limits again. */
export function validateObjectionTypeDraft(draft: ObjectionTypeDraft): ObjectionTypeDraftErrors {
  const errors: ObjectionTypeDraftErrors = {}
  const name = draft.name.trim()
  if (!name) errors.name = 'name_required'
  else if (name.length > OBJECTION_TYPE_LIMITS.name) errors.name = 'name_too_long'
  if (draft.description.trim().length > OBJECTION_TYPE_LIMITS.description) {
    errors.description = 'description_too_long'
  }
  return errors
}
