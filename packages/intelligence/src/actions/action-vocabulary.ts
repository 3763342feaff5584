import type { DealText } from '../nlp/analyse-engagements.js'
import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import { scanGroup, sentenceScan } from '../nlp/sentence-scan.js'
import { oncePerObject } from '../text/once-per-object.js'

// How each default playbook action sounds when it is being done, in general sales English:
// the words a seller and a buyer use when they talk about the buyer's current tools, who signs,
// the budget, a demo on screen, a quote. The action's own name and description, matched through
// the shared concept lexicon, also catch far wider talk ("that was useful" meets "use", "a
// phone call" meets the decision maker's "call"); these narrower patterns let the status
// model tell the two apart.
// Patterns run on a sentence's normal form (lower case, contractions expanded).
const ACTION_VOCABULARY: Readonly<Record<string, RegExp>> = {
  identify_pain:
    /\b(?:problems?|issues?|pain\w*|struggl\w*|frustrat\w*|headaches?|nightmare|manual\w*|errors?|mistakes?|slow\w*|takes? (?:forever|ages|hours|days)|wast\w*|broken|breaks|complain\w*|chas(?:e|es|ing)|backlog|miss(?:ed|es|ing)|worr(?:y|ied|ies)|risk\w*|fines?|penalt\w*|(?:biggest|main|real) (?:problem|issue|challenge|thing))\b/,
  quantify_impact:
    /\b(?:hours?|days?|weeks?|costs?|costing|lost|losing|loses|spend\w*|revenue|penalt\w*|fines?|overtime|churn|per (?:week|month|year|day|hour|shift|job|site)|a (?:week|month|year|day)|percent|grand|thousand|million|k)\b/,
  identify_decision_maker:
    /\b(?:decision ?makers?|final (?:say|decision|call|word)|makes? the (?:call|decision)|sign(?:s|ed)? (?:it )?off|signs? (?:it|anything|contracts?|for)|signatory|approv\w*|my (?:boss|manager|ceo|cfo|coo|cto|md|director|owner|board|partner|gm)|the (?:owner|board|ceo|cfo|coo|cto|md|gm|head of)|budget holder|up to me|my call|(?:i|he|she|they|who|owner|manager|director|boss|board|partner|ceo|cfo|coo|md|gm) (?:decides?|approves?|signs?|makes the call)|(?:his|her|their|my|our) (?:decision|call)|authority)\b/,
  current_solution:
    /\b(?:currently|at the moment|right now|today (?:we|i|they)|we (?:use|are using|have been using|run|still use|rely on)|using|spreadsheets?|excel|paper|whiteboard|by hand|manually|legacy|incumbent|existing (?:system|tool|provider|vendor|setup|process|contract)|(?:our|the) (?:current|old|existing) \w+|switch(?:ed|ing)? (?:from|to|over)|providers?|vendors?|suppliers?|in-house|homegrown|looked at|compar\w*|alternatives?|other options|competitors?|instead of)\b/,
  agree_next_steps:
    /\b(?:next (?:steps?|call|meeting|week)|follow[- ]?up|calendar|invite|book (?:a|in|the|it)|pencil|schedul\w*|monday|tuesday|wednesday|thursday|friday|tomorrow|works for (?:me|us)|see you (?:then|on|next)|speak (?:then|on|next)|talk (?:then|on|next))\b/,
  tailored_demo:
    /\b(?:demo\w*|show (?:you|me|us)|let me show|share (?:my|the) screen|screen ?shar\w*|you can see|as you can see|walk (?:you )?through|click\w*|dashboard|sandbox|trial|pilot|this (?:screen|view|page|report|tab)|on (?:the|your|my) screen)\b/,
  confirm_budget:
    /\b(?:budget\w*|funds?|funding|funded|allocat\w*|earmark\w*|capex|opex|afford\w*|cost cent(?:er|re)|set aside|line item|pay for (?:it|this)|comes? (?:out of|from))\b/,
  map_decision_process:
    /\b(?:process|procurement|committee|board|approv\w*|sign[- ]?off|criteria|timeline|decide by|decision by|tender|rfp|rfq|purchase order|who else|stakeholders?|evaluat\w*|shortlist\w*|(?:by|before) the end of)\b/,
  identify_champion:
    /\b(?:champion|advocate|make the case|(?:take|bring|present|pitch|sell|forward|put) (?:it|this|that) to (?:my|our|the)|i will (?:talk|speak) to (?:my|our|the)|(?:introduce|intro) you|loop (?:in|you)|i am (?:sold|on board|a fan)|i will back|in your corner)\b/,
  send_proposal:
    /\b(?:proposals?|quotes?|quotation|order form|pricing (?:sheet|document|doc|page)|statement of work|sow|estimate|price list|in writing|written|(?:send|sent|attached|attach\w*) (?:the|a|you|over))\b/,
  mutual_action_plan:
    /\b(?:mutual action plan|action plan|close plan|joint plan|milestones?|working back\w* from|who does what|timeline to (?:sign\w*|go[- ]live)|(?:go[- ]live|kick-?off|launch) (?:date|by|on)|(?:signed?|signature) by)\b/,
  agree_terms:
    /\b(?:agreed|deal|terms|discount\w*|per (?:seat|user|month|year|site|licen\w*)|annual\w*|multi-?year|(?:two|three|2|3)[- ]year|payment terms|net (?:\d+|thirty|sixty)|invoic\w*|we can do|meet (?:you )?in the middle|final (?:price|offer|number)|go ahead|accept\w*)\b/,
  security_legal_review:
    /\b(?:security|infosec|questionnaire|soc ?2|iso ?27001|pen ?test\w*|penetration|gdpr|dpa|data (?:processing|protection|residency)|legal|lawyers?|counsel|redline\w*|msa|compliance|privacy|sub-?processors?|due diligence|vendor (?:risk|assessment)|hipaa|baa)\b/,
  confirm_signatory:
    /\b(?:signs?|signing|signed|signature|signatory|docusign|e-?sign\w*|countersign\w*|authori[sz]ed to sign)\b/,
}

// How a buyer says an outcome action's outcome is in place, where general sales wording has
// set phrases for it ("the budget is approved", "it is in this year's budget", "we have set
// money aside"), and how they say it is not ("there is no budget", "not in the budget"): the
// vocabulary above says the action was talked about, these which way it went. A champion is a
// buyer who says they will argue for it inside ("I will champion it", "I have been pushing for
// this", "I will push", "I am happy to recommend you"), or that the one above them backs it
// ("she is supportive"), not one who only passes it on ("I will take it to my boss"): the
// training labels tell the two apart (README, champion rounds). Terms are agreed,
// and who signs and when confirmed, once the buyer says they will sign at a set time ("I will
// sign it tomorrow", "as soon as it arrives"), not on a condition ("if the board approves, I
// sign"). Tried for sending the proposal and the security review too, where the phrases are
// less settled; neither helped (README, action outcome round).
interface OutcomeWording {
  said: RegExp
  denied: RegExp
  // Whether the status model reads how many buyer sentences say it among its features; where not,
  // such a sentence only completes the action (assess-actions.ts). For agreeing terms and the
  // champion the count as a feature shifted the model's other actions (README, stated outcome
  // and 2026-12-01 champion rounds).
  counted: boolean
  // Whether `denied` in any sentence of the buyer's turn takes back what the turn says, or only
  // in the sentence itself: "that is more than we budgeted. We set aside twenty-five thousand."
  // names a budget short of the price, while a condition ("if", "once") holds for its own
  // sentence only.
  deniedForTurn: boolean
}

// The buyer saying they will sign at a set time agrees the terms and says who signs and when.
const SIGNS_AT_A_SET_TIME: OutcomeWording = {
  said: /\b(?:(?:i|we) (?:will |would |am going to |are going to |can |shall )?|ill )sign(?: (?:it|this|that|the (?:order form|contract|agreement|renewal|paperwork|order|quote|offer)))?(?: off)? (?:tonight|today|tomorrow|this (?:week|afternoon|evening|morning)|(?:on )?(?:monday|tuesday|wednesday|thursday|friday)|the (?:day|moment|minute) it|as soon as|when it (?:lands|arrives|comes))\b/,
  denied: /\b(?:if|unless|provided|once|as long as|subject to|assuming|not|never)\b/,
  counted: false,
  deniedForTurn: false,
}

const ACTION_OUTCOMES: Readonly<Record<string, OutcomeWording>> = {
  identify_champion: {
    said: /\b(?:i (?:will |would |can |am going to |am happy to )?(?:champion|sponsor|advocate for|vouch for)|(?:champion|sponsor|advocate for) (?:it|this|you|the)|i (?:have been|am|was) (?:pushing|lobbying|banging on|arguing|campaigning) (?:for|about|hard)|(?:big|biggest|huge) fan|i am (?:sold|all in|on board|on your side|in your corner)|in your corner|(?:happy|comfortable|glad) (?:to )?recommend\w*|i (?:will|would|can|am going to) recommend (?:it|this|you|that|we|going|moving|signing|buying)|telling (?:my|the) (?:team|people|boss|board)|i (?:am|will be) the one (?:presenting|pitching|pushing|selling|banging the drum)|bang(?:ing)? the drum|make the case for (?:it|this|you)|i (?:will|would|am going to|am happy to|can) (?:push|lobby|fight|argue)(?: (?:for (?:it|this|that|you|us)|hard|internally|(?:it|this) through))?(?= [.!,;]|$)|(?:she|he|they) (?:is|are|has been|have been|was|were) (?:very |fully |really |already |quite |totally )?supportive|(?:she|he|they) (?:already |fully )?(?:supports?|backs?)(?: (?:it|this|us|you|the (?:project|idea|plan|proposal|move)))?(?= [.!,;]|$))\b/,
    denied:
      /\b(?:not (?:going to |gonna )?(?:champion|sponsor|recommend|push for)|can not (?:recommend|champion|support|sponsor)|(?:would|could) not (?:recommend|champion|sponsor)|not (?:sold|on board|a fan))\b/,
    counted: false,
    deniedForTurn: true,
  },
  agree_terms: SIGNS_AT_A_SET_TIME,
  confirm_signatory: SIGNS_AT_A_SET_TIME,
  confirm_budget: {
    said: /\b(?:budget(?: 's| is| has been| was)? (?:already )?(?:approved|allocated|agreed|signed off|there|in place|available|fine|sorted|covered|secured|earmarked|set aside)|budget(?: 's| is) not (?:a|an|the) (?:problem|issue|concern)|(?:in|within|inside|into) (?:the|my|our|this year 's|next year 's) (?:\w+ )?(?:budget|plan)|(?:have|got|has) (?:the |a |some )?budget|earmarked|set aside|(?:put|set) (?:money |funds |it |some )?aside|funding(?: 's| is) (?:approved|there|in place|secured)|(?:money|funds?)(?: is| are| 's) (?:there|available|approved|in place|secured)|(?:price|cost|money)(?: is| 's) not the (?:issue|problem)|we can (?:afford|absorb)|approved (?:the )?(?:budget|spend|funds?|funding))\b/,
    denied:
      /\b(?:(?:more than|over|above|beyond|exceeds?|exceeding) (?:what )?(?:we|i|our|my|the)(?: have| had)? (?:\w+ )?(?:set aside|budget\w*|allocated|planned|earmarked)|(?:no|nothing|zero) (?:\w+ ){0,3}(?:budget|funds?|funding|money)|not (?:in|within|inside|into) (?:the|my|our|this year 's|next year 's) (?:\w+ )?(?:budget|plan)|(?:budget|funding)(?: 's| is| has been| was)? (?:not (?:been )?(?:approved|allocated|signed off|there|available|secured)|gone|frozen|cut|spent|used up|exhausted|fully allocated)|(?:can not|could not|do not|did not) (?:afford|have (?:the |a |any )?budget))\b/,
    counted: true,
    deniedForTurn: true,
  },
}

export interface VocabularyMentions {
  buyer: number
  seller: number
  // Buyer statements (not questions) in the turn right after a seller's question in the
  // vocabulary: the seller asked about it and the buyer answered, which is discovery done,
  // not only the seller talking about it.
  answered: number
  // Buyer sentences saying the action's outcome is in place and not that it is missing
  // (ACTION_OUTCOMES); 0 for an action without outcome wording.
  outcome: number
}

const KEYS = Object.keys(ACTION_VOCABULARY)
// The patterns in the order of KEYS: a sentence reads them by position, not by name.
const PATTERNS = KEYS.map((key) => ACTION_VOCABULARY[key] as RegExp)
const VOCABULARY_SCAN = scanGroup(PATTERNS)
const OUTCOME_KEYS = Object.keys(ACTION_OUTCOMES)
const DENIED_FOR_TURN = OUTCOME_KEYS.map(
  (key) => (ACTION_OUTCOMES[key] as OutcomeWording).deniedForTurn,
)
// Per outcome key, its `said` pattern at 2k and its `denied` pattern at 2k + 1.
const OUTCOME_SCAN = scanGroup(
  OUTCOME_KEYS.flatMap((key) => {
    const wording = ACTION_OUTCOMES[key] as OutcomeWording
    return [wording.said, wording.denied]
  }),
)

// Which sentences of a deal (1 at a sentence's index) use each default action's vocabulary.
// Found once per deal, and a sentence runs only the patterns whose literals it holds: the
// evidence and the mentions both read it.
export const vocabularyHits = oncePerObject((text: DealText): ReadonlyMap<string, Uint8Array> => {
  const sentences = text.sentences
  const rows = KEYS.map(() => new Uint8Array(sentences.length))
  for (let i = 0; i < sentences.length; i++) {
    const sentence = sentences[i] as AnalysedSentence
    if (sentence.role !== 'buyer' && sentence.role !== 'seller') continue
    const scan = sentenceScan(sentence)
    for (let k = 0; k < PATTERNS.length; k++) {
      if (VOCABULARY_SCAN.matches(scan, k, sentence.norm)) (rows[k] as Uint8Array)[i] = 1
    }
  }
  return new Map(KEYS.map((key, k) => [key, rows[k] as Uint8Array]))
})

function mentions(sentences: readonly AnalysedSentence[], hits: Uint8Array): VocabularyMentions {
  const out: VocabularyMentions = { buyer: 0, seller: 0, answered: 0, outcome: 0 }
  let askedInTurn = -2
  for (const sentence of sentences) {
    if (hits[sentence.index] !== 1) continue
    if (sentence.role === 'seller') {
      out.seller++
      if (sentence.isQuestion) askedInTurn = sentence.turnIndex
    } else {
      out.buyer++
      if (!sentence.isQuestion && sentence.turnIndex === askedInTurn + 1) out.answered++
    }
  }
  return out
}

export function hasOutcomeWording(key: string): boolean {
  return key in ACTION_OUTCOMES
}

// Whether the status model reads the count of buyer sentences saying the action's outcome.
export function countsOutcome(key: string): boolean {
  return ACTION_OUTCOMES[key]?.counted ?? false
}

export function hasVocabulary(key: string): boolean {
  return key in ACTION_VOCABULARY
}

// Per outcome action, the buyer sentences that say its outcome is in place and are not taken
// back (ACTION_OUTCOMES: by their own sentence, or for some outcomes by any sentence of their
// turn), in conversation order. Found once per deal: the status model counts them, and a
// completed status quotes them as its proof.
export const outcomeStatements = oncePerObject(
  (text: DealText): ReadonlyMap<string, ReadonlySet<AnalysedSentence>> => {
    const found = OUTCOME_KEYS.map(() => new Set<AnalysedSentence>())
    // Per outcome key, the turns a denial takes back (none for a key denied sentence by sentence).
    const deniedTurns = OUTCOME_KEYS.map(() => new Set<number>())
    for (const sentence of text.sentences) {
      if (sentence.role !== 'buyer') continue
      const scan = sentenceScan(sentence)
      for (let k = 0; k < OUTCOME_KEYS.length; k++) {
        if (OUTCOME_SCAN.matches(scan, 2 * k + 1, sentence.norm)) {
          if (DENIED_FOR_TURN[k]) deniedTurns[k]?.add(sentence.turnIndex)
        } else if (OUTCOME_SCAN.matches(scan, 2 * k, sentence.norm)) {
          found[k]?.add(sentence)
        }
      }
    }
    return new Map(
      OUTCOME_KEYS.map((key, k) => {
        const stated = found[k] as Set<AnalysedSentence>
        const denied = deniedTurns[k] as Set<number>
        if (denied.size === 0) return [key, stated]
        return [key, new Set([...stated].filter((sentence) => !denied.has(sentence.turnIndex)))]
      }),
    )
  },
)

// How often each default action's vocabulary is spoken in a deal, by side, and how often the
// buyer says its outcome is in place.
export function vocabularyMentions(text: DealText): Map<string, VocabularyMentions> {
  const out = new Map<string, VocabularyMentions>()
  for (const [key, hits] of vocabularyHits(text)) out.set(key, mentions(text.sentences, hits))
  for (const [key, stated] of outcomeStatements(text)) {
    const spoken = out.get(key)
    if (spoken) spoken.outcome = stated.size
  }
  return out
}

// Whether a normal form uses a default action's vocabulary: for choosing which evidence is
// quoted (action-quotes.ts), where the action's own verb is taken out of the text first.
export function usesVocabulary(key: string, norm: string): boolean {
  return ACTION_VOCABULARY[key]?.test(norm) ?? false
}

// The same for a sentence of the deal, read from the deal's hits (found once per deal, for the
// buyer's and the seller's sentences) instead of running the pattern again for every action
// the sentence is evidence for.
export function sentenceUsesVocabulary(text: DealText, key: string, s: AnalysedSentence): boolean {
  const found = text.sentences[s.index] === s && (s.role === 'buyer' || s.role === 'seller')
  if (!found) return usesVocabulary(key, s.norm)
  return vocabularyHits(text).get(key)?.[s.index] === 1
}
