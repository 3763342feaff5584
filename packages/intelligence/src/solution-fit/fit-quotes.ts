import type { SolutionFitCriterion } from '@dealcoach/contracts/intelligence'
import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import type { DealText } from '../nlp/analyse-engagements.js'
import {
  DEFERRAL,
  IMPACT_UNIT,
  NEED_DOUBT,
  PAIN,
  POSITIVE,
  QUANTITY_ENTITY,
  URGENCY,
} from './fit-patterns.js'
import { bestQuotes, isSmallTalk, sharedContentStems } from './quotable.js'
import { RULE_RESISTANCE_THRESHOLD, sentenceResistance } from '../objections/score-resistance.js'
import { scanGroup, sentenceScan } from '../nlp/sentence-scan.js'

// Which of a criterion's evidence sentences are quoted to the user, strongest first. The score
// reads the rules' evidence counts as they are (and the trained scorer learned them so); the
// quotes are held to more: each must carry the criterion's own signal, not merely a number,
// a weekday or a word one of the rules' cue lists happens to hold. Where no sentence does,
// fewer (or no) sentences are quoted.

const PAIN_TERMS = new RegExp(PAIN.source, 'g')
// "Fine" as in "okay" ("the Monday is fine", "Fine, but…"), not a penalty; "no problem" as in
// "you are welcome", not a problem.
const OKAY =
  /\b(?:(?:is|are|was|be|been|sounds|looks|seems|feels|all|just|perfectly|totally|absolutely|works|am|that is|it is) fine|^fine|fine(?=,? but\b)|(?:no|not a) problem(?: at all)?|no issues?(?: at all)?)\b/g
// Pain words that also turn up in talk about anything ("it is getting late", "I can not make
// Tuesday"): they count half, so a sentence holding only such a word is quoted last.
const WEAK_PAIN =
  /^(?:late|gone|lost|losing|nobody|no one|can not|could not|wrong|slow|risk\w*|finding|findings|burn\w*|miss\w*|hard to|difficult)$/

// Our price or quote as the trouble ("the price is still a problem"): an objection to the offer,
// not the buyer's business problem.
const OUR_PRICE =
  /\b(?:(?:the|your|our) (?:price|pricing|quote)|too expensive|(?:costs?|priced) too much)\b/

// The pain terms' literals are looked for with every other analyser's (nlp/sentence-scan.ts).
const PAIN_SCAN = scanGroup([PAIN])

// How strongly a sentence states a problem: its distinct pain terms, weak ones at half. Kept on
// the sentence: the actions' quotes and the solution fit both ask (impactRank too).
export function painStrength(s: AnalysedSentence): number {
  s.painStrength ??= painStrengthOf(s)
  return s.painStrength
}

function painStrengthOf(s: AnalysedSentence): number {
  // A sentence without the literals of any pain term names none (most sentences): taking the
  // okays out cannot make one, as each is cut where a word ends and leaves a space.
  if (!PAIN_SCAN.mightMatch(sentenceScan(s), 0)) return 0
  if (OUR_PRICE.test(s.norm)) return 0
  const terms = new Set(s.norm.replace(OKAY, ' ').match(PAIN_TERMS) ?? [])
  let strength = 0
  for (const term of terms) strength += WEAK_PAIN.test(term) ? 0.5 : 1
  return strength
}

// A definite figure: digits or a spelled-out number, not "a few days" or "a couple of weeks".
const DEFINITE_NUMBER =
  /(?:\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|half|dozen)\b)/
// What a figure must be about to be business impact: money, time spent or lost, revenue,
// errors, penalties, headcount. "Three days a week in the office" has a figure and a unit,
// and none of these.
export const IMPACT_WORD =
  /\b(?:cost\w*|sav(?:e|es|ed|ing|ings)|spen[dt]\w*|pa(?:y|ys|id|ying)|los(?:e|es|ing|t|s)|wast\w*|revenue|sales|margin\w*|profit\w*|overtime|penalt\w*|fines|fined|expens\w*|churn\w*|refund\w*|write-?offs?|tak(?:e|es|en|ing)|took|hir(?:e|ing)|headcount|errors?|mistakes?|rework|backlog)\b/

// Our price and terms: figures about what the buyer would pay us, not what the problem costs.
const PRICE_TALK =
  /\b(?:our price|the price|pric(?:e|es|ing) (?:is|are|for)|list price|discount\w*|(?:renewal|contract|payment) terms|per (?:seat|user|licen[cs]e)|seats|licen[cs](?:e|es|ing)|subscription|annual plan|invoic\w*|onboarding)\b/

function quantifiedImpact(s: AnalysedSentence): boolean {
  return (
    s.entityTypes.some((t) => QUANTITY_ENTITY.has(t)) &&
    IMPACT_UNIT.test(s.norm) &&
    DEFINITE_NUMBER.test(s.norm)
  )
}

// Whether the sentence answers a seller's question about the cost ("How much time does the
// team spend on that each week?" — "Roughly twelve hours a week").
function answersImpactQuestion(text: DealText, s: AnalysedSentence): boolean {
  const turn = text.turns[s.turnIndex]
  if (!turn || turn.role !== 'buyer' || turn.sentences[0] !== s) return false
  const before = text.turns[s.turnIndex - 1]
  const asked = before?.sentences[before.sentences.length - 1]
  return (
    before?.role === 'seller' &&
    before.engagementIndex === s.engagementIndex &&
    asked !== undefined &&
    asked.isQuestion &&
    IMPACT_WORD.test(asked.norm)
  )
}

// Hours and minutes spent ("nine hours a week", "forty minutes per order"): effort, which is
// what a problem costs in time, unlike days or weeks, which are as often a schedule.
const EFFORT = /\b(?:hours?|minutes?|man-?days?|person-?days?|fte)\b/

// How strongly a sentence puts a number on the business impact; 0 when it does not. Kept on
// the sentence, which belongs to one deal text.
export function impactRank(text: DealText, s: AnalysedSentence): number {
  s.impactRank ??= impactRankOf(text, s)
  return s.impactRank
}

function impactRankOf(text: DealText, s: AnalysedSentence): number {
  if (!quantifiedImpact(s) || PRICE_TALK.test(s.norm)) return 0
  const costWord = IMPACT_WORD.test(s.norm)
  const pain = painStrength(s)
  // The seller's figures count as impact only about the buyer's problem ("the rollout takes
  // five weeks" is not).
  if (s.role !== 'buyer' && pain < 1) return 0
  if (!costWord && pain === 0 && !answersImpactQuestion(text, s)) return 0
  const money = s.entityTypes.includes('MONEY') || s.entityTypes.includes('PERCENT')
  return 1 + (money ? 2 : 0) + (costWord ? 1 : 0) + Math.min(pain, 2) * 0.5
}

// A buyer's bare sum, share or hours ("about 40k a quarter", "up twelve percent",
// "nine hours a week on it"): a number on something, tied to no cost word; quoted for
// the impact after the figures that are.
function bareFigureRank(s: AnalysedSentence): number {
  if (s.role !== 'buyer' || !quantifiedImpact(s)) return 0
  if (PRICE_TALK.test(s.norm) || OUR_PRICE.test(s.norm)) return 0
  const money = s.entityTypes.includes('MONEY') || s.entityTypes.includes('PERCENT')
  return money || EFFORT.test(s.norm) ? 0.5 : 0
}

// A date that can be a deadline (a month, a quarter, a year, the end of one), not a weekday
// or "tomorrow", which in a call are the next meeting.
const DEADLINE_DATE =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|march|april|may \d|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|q[1-4]|(?:19|20)\d\d|(?:next|this) (?:month|quarter|year|spring|summer|fall|autumn|winter)|end of (?:the )?(?:month|quarter|year|fiscal year)|year-end|quarter-end)\b/
// A duration that is a rate ("three days a week"), not a span to a date.
const FREQUENCY = /\b(?:a|per|each|every) (?:day|week|month|year|quarter|shift)\b/
// A span long enough to be a timeline ("within six weeks"); hours and minutes are effort.
const TIMELINE_SPAN = /\b(?:days?|weeks?|months?|years?|quarters?)\b/

// The urgency cues that say a deadline; the rest of URGENCY names events (a board, a launch,
// an audit) that are urgent only with a date.
const DEADLINE_WORD =
  /\b(?:deadline|due|by (?:the end|end of)|before (?:the|our|we|next|end)|expir\w*|sooner is better|as soon as possible|time-sensitive|running out|go-?live|go live|at the latest|asap|urgent\w*|need (?:it|this) (?:by|before|in place)|quarter-end|year-end)\b/

function urgencyRank(s: AnalysedSentence): number {
  const urgent = URGENCY.test(s.norm)
  // "The price is above what we can spend this year": the year of a budget our price does not
  // fit is a deferral's, not a deadline's.
  if ((PRICE_TALK.test(s.norm) || OUR_PRICE.test(s.norm)) && !DEADLINE_WORD.test(s.norm)) {
    return DEFERRAL.test(s.norm) ? 1.5 : 0
  }
  const dated = DEADLINE_DATE.test(s.norm)
  if (urgent && dated) return 4
  if (dated) return 3
  if (urgent && DEADLINE_WORD.test(s.norm)) return 2
  if (DEFERRAL.test(s.norm)) return 1.5
  if (
    s.entityTypes.includes('DURATION') &&
    DEFINITE_NUMBER.test(s.norm) &&
    TIMELINE_SPAN.test(s.norm) &&
    !FREQUENCY.test(s.norm)
  ) {
    return 1
  }
  return 0
}

export interface FitQuoteContext {
  text: DealText
  // The product's name in lower case and its stems: a sentence naming the product shares
  // those with the value propositions without stating a need ("they asked me about
  // Northwind Forecast" for "forecasts land within a few percent").
  productName: string
  productNameStems: ReadonlySet<string>
  // The content stems of the product's value propositions, differentiators and description.
  productStems: ReadonlySet<string>
  // A sentence's similarity to the closest of those texts.
  productSimilarity: (s: AnalysedSentence) => number
}

// The criterion's own signal in one sentence; 0 when it has none worth quoting.
// A buyer's doubt is quoted only below the top score, which it did not hold back.
export function quoteRank(
  criterion: SolutionFitCriterion,
  s: AnalysedSentence,
  context: FitQuoteContext,
  score = 3,
): number {
  if (s.isQuestion || isSmallTalk(s)) return 0
  const doubt = score < 3 && NEED_DOUBT.test(s.norm) ? 0.5 : 0
  let signal: number
  switch (criterion) {
    case 'problem_pain_identification':
      signal = painStrength(s) || doubt
      // A sentence resisting the offer ("our team is stretched too thin for a rollout") can
      // name a pain, but the business problem itself says it better: quoted after every one.
      if (signal > 0 && sentenceResistance(s).score >= RULE_RESISTANCE_THRESHOLD) signal *= 0.1
      break
    case 'quantifiable_business_impact':
      signal = impactRank(context.text, s) || bareFigureRank(s)
      break
    case 'value_proposition_alignment': {
      const namesProduct = context.productName !== '' && s.norm.includes(context.productName)
      const shared = sharedContentStems(
        s,
        context.productStems,
        namesProduct ? context.productNameStems : undefined,
      )
      signal =
        shared > 0
          ? 1 + context.productSimilarity(s) + 0.1 * shared + (POSITIVE.test(s.norm) ? 0.2 : 0)
          : doubt
      break
    }
    case 'strategic_urgency':
      signal = urgencyRank(s)
      break
  }
  if (signal <= 0) return 0
  // The buyer's own words first: the scale is about what the buyer says.
  return signal + (s.role === 'buyer' ? 10 : 0)
}

export function fitQuotes(
  criterion: SolutionFitCriterion,
  score: number,
  candidates: readonly AnalysedSentence[],
  context: FitQuoteContext,
  limit: number,
): AnalysedSentence[] {
  return bestQuotes(
    candidates,
    (s) => s,
    (s) => quoteRank(criterion, s, context, score),
    limit,
  )
}
