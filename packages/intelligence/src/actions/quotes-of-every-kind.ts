// The communication method users read off an action (spec §4: mixed, phone or e-mail) is the
// kinds of its quoted results. The quotes are the few strongest pieces of evidence, so an action
// discussed on calls and in an e-mail whose calls gave the strongest sentences was shown as
// worked by phone alone. Each kind the evidence about the action comes from keeps a quote: its
// best one replaces the weakest quote of a kind quoted more than once.
export function quotesOfEveryKind<T, K>(
  quotes: readonly T[],
  relevant: readonly T[],
  kindOf: (item: T) => K,
  bestOf: (candidates: readonly T[]) => T | undefined,
  limit: number,
): T[] {
  const shown = [...quotes]
  const kinds = [...new Set(relevant.map(kindOf))]
  for (const kind of kinds) {
    if (shown.some((item) => kindOf(item) === kind)) continue
    const best = bestOf(relevant.filter((item) => kindOf(item) === kind))
    if (best === undefined) continue
    if (shown.length >= limit) {
      const count = (k: K) => shown.filter((item) => kindOf(item) === k).length
      // Strongest first: the last quote of a repeated kind is its weakest.
      const weakest = shown.findLastIndex((item) => count(kindOf(item)) > 1)
      if (weakest === -1) continue
      shown.splice(weakest, 1)
    }
    shown.push(best)
  }
  return shown
}
