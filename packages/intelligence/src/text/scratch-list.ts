// A list reused from one use to the next, emptied by its count so it keeps its room: setting
// an array's length to 0 gives its room back, and every use (a sentence, a score) grew it again,
// a steady share of what an analysis allocated. Copies are made by `copy`.
export class ScratchList<T> {
  private readonly items: T[] = []
  length = 0

  clear(): void {
    this.length = 0
  }

  push(item: T): void {
    this.items[this.length++] = item
  }

  at(index: number): T {
    return this.items[index] as T
  }

  set(index: number, item: T): void {
    this.items[index] = item
  }

  // The items as a list of their own.
  copy(): T[] {
    return this.items.slice(0, this.length)
  }
}
