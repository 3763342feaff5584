/**
 * A copy of `items` with the entry at `from` moved to index `to`. Out-of-range indexes are clamped,
 * so "move up" on the first entry or "move down" on the last one leaves the order unchanged.
 */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = [...items]
  if (from < 0 || from >= copy.length) return copy
  const target = Math.min(Math.max(to, 0), copy.length - 1)
  const [moved] = copy.splice(from, 1)
  if (moved === undefined) return copy
  copy.splice(target, 0, moved)
  return copy
}
