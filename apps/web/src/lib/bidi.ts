/**
 * Text whose direction is its own, not the page's: what the analysis engine wrote (in English),
 * quotes of what buyers and sellers said, names users typed. In Arabic the page is right-to-left
 * and such a string, laid out as part of it, has its punctuation and quotes moved to the wrong
 * end ('.is more than we set aside for this', '"?' first).
 *
 * - An element that shows such text on its own takes `dir="auto"` (its first strong letter
 *   decides), the same as any `<p dir="auto">` in the app.
 * - Such text placed inside a translated sentence sits in a `<bdi>` where the sentence is markup
 *   (`<Trans components={{ bdi: <bdi /> }}>`), or goes through `isolate` where `t()` returns a
 *   string (a warning, a caption, an aria-label).
 */

const FIRST_STRONG_ISOLATE = '\u2068'
const POP_DIRECTIONAL_ISOLATE = '\u2069'

/** The string counterpart of `<bdi>`: the text between Unicode isolates (FSI … PDI). */
export function isolate(text: string): string {
  return `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`
}

/**
 * Interpolation values for `t()` with every string value isolated; numbers (a `count` that picks
 * the plural, a score) are left as they are.
 */
export function isolateValues<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string' ? isolate(value) : value,
    ]),
  ) as T
}
