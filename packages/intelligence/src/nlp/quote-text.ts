// A clause cut from a run-on sentence keeps the mark that led on to the next one ("…next year,"
// before "which brings…"): joined to that clause it reads as said, but a quote that ends there
// reads better without it.
const TRAILING_CLAUSE_MARK = /\s*[,;:\u2013\u2014-]$/

/** Sentences quoted together, as one text. */
export function quoteText(texts: readonly string[]): string {
  return texts.join(' ').replace(TRAILING_CLAUSE_MARK, '')
}
