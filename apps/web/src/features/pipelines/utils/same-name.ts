/**
 * Whether two names count as the same where they must be unique (a pipeline's stages or actions,
 * an organisation's pipelines): compared trimmed and in any case, as the server does.
 */
export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/** Whether `name` is one of `names` by that comparison. */
export const isNameTaken = (names: readonly string[], name: string) =>
  names.some((other) => sameName(other, name))
