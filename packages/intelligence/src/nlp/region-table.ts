// A table keyed by strings that is looked up by a stretch of a longer text, so reading a text
// piece by piece cuts no string out of it for a piece already in the table (most of them):
// the table hashes the stretch where it lies and compares it with a key in place. Open
// addressing over a power-of-two number of slots, at most half of them used; emptied when
// full, so it never holds more than `limit` keys.
const FNV_OFFSET = 0x811c9dc5
const FNV_PRIME = 0x01000193

function hashStep(hash: number, code: number): number {
  return Math.imul(hash ^ code, FNV_PRIME)
}

// A hash of text[start, end) from its length and five of its characters (both ends and the
// middle): the words of a conversation rarely agree on all of them, and the comparison in
// place settles the rest; hashing every character cost more than the lookup itself.
export function regionHash(text: string, start: number, end: number): number {
  const length = end - start
  let hash = hashStep(FNV_OFFSET | 0, length)
  if (length === 0) return hash
  hash = hashStep(hash, text.charCodeAt(start))
  hash = hashStep(hash, text.charCodeAt(end - 1))
  if (length <= 2) return hash
  hash = hashStep(hash, text.charCodeAt(start + 1))
  hash = hashStep(hash, text.charCodeAt(end - 2))
  return hashStep(hash, text.charCodeAt((start + end) >> 1))
}

// The slots a table starts with; it doubles them whenever half are used, up to twice its
// limit, so a small vocabulary is looked up in a small table.
const FIRST_SLOTS = 1024

export class RegionTable<V> {
  private mask = FIRST_SLOTS - 1
  private keys: (string | undefined)[] = RegionTable.slots(FIRST_SLOTS)
  private hashes = new Int32Array(FIRST_SLOTS)
  private values: (V | undefined)[] = RegionTable.slots(FIRST_SLOTS)
  private count = 0

  constructor(private readonly limit: number) {}

  private static slots<T>(count: number): (T | undefined)[] {
    return new Array<T | undefined>(count).fill(undefined)
  }

  get size(): number {
    return this.count
  }

  // The value kept for text[start, end).
  get(text: string, start: number, end: number): V | undefined {
    const length = end - start
    const hash = regionHash(text, start, end)
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const key = this.keys[slot]
      if (key === undefined) return undefined
      if (this.hashes[slot] === hash && key.length === length && text.startsWith(key, start)) {
        return this.values[slot]
      }
    }
  }

  // Keeps a value for the key, replacing one kept before.
  set(key: string, value: V): void {
    const hash = regionHash(key, 0, key.length)
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const kept = this.keys[slot]
      if (kept === undefined) {
        if (this.count >= this.limit) {
          this.clear()
          this.set(key, value)
          return
        }
        if ((this.count + 1) * 2 > this.keys.length && this.keys.length < this.limit * 2) {
          this.grow()
          this.set(key, value)
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

  private grow(): void {
    const { keys, values } = this
    const slots = keys.length * 2
    this.mask = slots - 1
    this.keys = RegionTable.slots(slots)
    this.hashes = new Int32Array(slots)
    this.values = RegionTable.slots(slots)
    this.count = 0
    keys.forEach((key, slot) => {
      if (key !== undefined) this.set(key, values[slot] as V)
    })
  }
}
