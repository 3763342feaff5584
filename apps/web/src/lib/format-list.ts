/**
 * Names as a list in the reader's language: "Price, Timing, and Authority", "Preis, Timing und
 * Authority", Arabic's "و" — never a hard-coded English ", ". `disjunction` says "or"; `unit`
 * lists a tally ("deals: 25, owners: 3") the way the language lists measures.
 */
export function formatList(
  items: readonly string[],
  language: string,
  type: 'conjunction' | 'disjunction' | 'unit' = 'conjunction',
): string {
  return new Intl.ListFormat(language, { type, style: type === 'unit' ? 'short' : 'long' }).format(
    items,
  )
}
