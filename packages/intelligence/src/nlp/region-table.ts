// A table keyed by strings that is looked up by a stretch of a longer text, so reading a text
// piece by piece cuts no string out of it for a piece already in the table (most of them):
// the caller hashes the stretch as it scans it (`hashStep`), the table compares the stretch
// with a key in place. Open addressing over a power-of-two number of slots, at most half of
// them used; emptied when full, so it never holds more than `limit` keys.
const FNV_OFFSET = 0x811c9dc5
const FNV_PRIME = 0x01000193

export const HASH_START = FNV_OFFSET | 0

// The hash with one more UTF-16 code unit (FNV-1a).
export function hashStep(hash: number, code: number): number {
  return Math.imul(hash ^ code, FNV_PRIME)
}

export function hashOf(text: string): number {
  let hash = HASH_START
  for (let i = 0; i < text.length; i++) hash = hashStep(hash, text.charCodeAt(i))
  return hash
}

export class RegionTable<V> {
  private readonly mask: number
  private readonly keys: (string | undefined)[]
  private readonly hashes: Int32Array
  private readonly values: (V | undefined)[]
  private count = 0

  constructor(private readonly limit: number) {
    let slots = 1
    while (slots < limit * 2) slots *= 2
    this.mask = slots - 1
    this.keys = new Array<string | undefined>(slots).fill(undefined)
    this.hashes = new Int32Array(slots)
    this.values = new Array<V | undefined>(slots).fill(undefined)
  }

  get size(): number {
    return this.count
  }

  // The value kept for text[start, end), whose hash is `hash`.
  get(text: string, start: number, end: number, hash: number): V | undefined {
    const length = end - start
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const key = this.keys[slot]
      if (key === undefined) return undefined
      if (this.hashes[slot] === hash && key.length === length && text.startsWith(key, start)) {
        return this.values[slot]
      }
    }
  }

  // Keeps a value for the key (whose hash is `hash`), replacing one kept before.
  set(key: string, hash: number, value: V): void {
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const kept = this.keys[slot]
      if (kept === undefined) {
        if (this.count >= this.limit) {
          this.clear()
          this.set(key, hash, value)
          return
        }
        this.keys[slot] = key
        this.hashes[slot] = hash
        this.values[slot] = value
        this.count++
        return
      }
      if (this.hashes[slot] === hash && kept === key) {
        this.values[slot] = value
        return
      }
    }
  }

  clear(): void {
    this.keys.fill(undefined)
    this.values.fill(undefined)
    this.count = 0
  }
}
