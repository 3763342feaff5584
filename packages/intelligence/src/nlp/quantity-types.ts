import { scanGroup, scanText, type SentenceScan } from './sentence-scan.js'

// Quantities and dates in a normalised sentence, named like wink's entity types. Patterns
// instead of wink's entity recogniser: they cover what the analysers read (money, percent,
// durations, dates, counts, including spelled-out numbers) at a fraction of the cost.
const NUMBER_WORD =
  '(?:\\d[\\d,.]*|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|few|couple of|several)'

const PATTERNS: readonly [string, RegExp][] = [
  [
    'MONEY',
    /(?:[$€£] ?\d|\d[\d,.]* ?(?:k|m|mm|bn)\b|\b(?:dollars?|euros?|pounds?|bucks|grand|usd|eur|gbp)\b)/,
  ],
  ['PERCENT', /(?:\d ?%|\bpercent\b|\bper cent\b)/],
  [
    'DURATION',
    new RegExp(
      `\\b${NUMBER_WORD}(?: -)? (?:(?:full|whole|extra|more|business|working) )?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|quarters?|shifts?)\\b`,
    ),
  ],
  [
    'DATE',
    /\b(?:jan(?:uary)?|feb(?:ruary)?|march|april|may \d|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|q[1-4]|(?:next|this|last) (?:week|month|quarter|year|spring|summer|fall|autumn|winter)|end of (?:the )?(?:week|month|quarter|year|fiscal year)|(?:19|20)\d\d|\d{1,2} ?\/ ?\d{1,2})\b/,
  ],
  [
    'CARDINAL',
    /(?:\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion)\b)/,
  ],
]

// Words that can start or make a quantity; a sentence with none of them and no digit or
// currency sign has no quantity, which spares most sentences the patterns below.
const QUANTITY_WORDS: ReadonlySet<string> = new Set(
  `one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty
  fifty sixty seventy eighty ninety hundred thousand million billion few couple several
  dollar dollars euro euros pound pounds bucks grand usd eur gbp percent cent january jan
  february feb march april may june july august aug september sept sep october oct november nov
  december dec monday tuesday wednesday thursday friday saturday sunday tomorrow tonight q1 q2
  q3 q4 second seconds minute minutes hour hours day days week weeks month months year years
  quarter quarters shift shifts spring summer fall autumn winter`.split(/\s+/),
)

// Which of the patterns could match at all, from the literals each one needs: a sentence
// with "a week" need not try the money and percent patterns.
const QUANTITY_SCAN = scanGroup(PATTERNS.map(([, pattern]) => pattern))

const TYPE_NAMES = PATTERNS.map(([type]) => type)
const NO_QUANTITIES: readonly string[] = Object.freeze([])

// The list lasts the whole analysis on its sentence: it is shared when empty and made by
// `filter` otherwise, never by an array literal V8 would pretenure (analyse-engagements.ts).
export function quantityTypes(norm: string, words?: readonly string[]): readonly string[] {
  const quantityWord = words === undefined || words.some(isQuantityWord)
  return sentenceQuantityTypes(norm, quantityWord, scanText(norm))
}

export function isQuantityWord(word: string): boolean {
  return QUANTITY_WORDS.has(word)
}

// The same for a sentence whose words were tested already (`quantityWord`: one of them is a
// quantity word) and whose normal form is scanned (nlp/sentence-scan.ts).
export function sentenceQuantityTypes(
  norm: string,
  quantityWord: boolean,
  scan: SentenceScan,
): readonly string[] {
  if (!quantityWord && !/[\d$€£%]/.test(norm)) return NO_QUANTITIES
  return TYPE_NAMES.filter((_, i) => QUANTITY_SCAN.matches(scan, i, norm))
}
