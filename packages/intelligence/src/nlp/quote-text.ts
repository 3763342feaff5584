// A clause cut from a run-on sentence keeps the mark that led on to the next one ("…next year,"
// before "which brings…"): joined to that clause it reads as said, but a quote that ends there
// reads better without it.
const TRAILING_CLAUSE_MARK = /\s*[,;:\u2013\u2014-]$/
const CLAUSE_MARKS = ',;:\u2013\u2014-'

/** Sentences quoted together, as one text. */
export function quoteText(texts: readonly string[]): string {
  const text = texts.join(' ')
  // The pattern can only match a text ending in one of the marks; most do not, and the regex
  // engine would try it from every position of the text (half a percent of an analysis).
  const last = text.charAt(text.length - 1)
  return last !== '' && CLAUSE_MARKS.includes(last) ? text.replace(TRAILING_CLAUSE_MARK, '') : text
}
