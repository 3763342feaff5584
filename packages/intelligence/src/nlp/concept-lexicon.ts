import type { AnalysedSentence } from './analysed-sentence.js'
import { stemWord, tokenProperty, winkInstance } from './wink-instance.js'
import { WordTable, type Word } from './words.js'

// Broad sales concepts and words that evoke them. Both the configured texts (objection type
// and action names, descriptions, examples) and the conversation are mapped onto these, so a
// type described as "pricing pushback" still meets a buyer saying "that's steep". The lists
// are general English sales vocabulary, not phrases from any evaluation data.
const CONCEPT_WORDS: Record<string, string> = {
  money: `price prices pricing priced cost costs costly expensive pricey cheap cheaper cheapest
    budget budgets afford affordable fee fees pay paying payment spend spending money dollar
    dollars euro euros pound grand invoice discount discounts roi margin margins fund funds
    funding broke bills bill tight worth justify value quote quotes total amount subscription
    overpriced steep rate rates financial finance savings save saving`,
  time: `now later timing time quarter quarters month months week weeks year years season
    priority priorities busy bandwidth wait waiting postpone delay delayed soon until next
    schedule calendar deadline date dates minute moment yet someday eventually revisit`,
  incumbent: `already current currently existing incumbent competitor competitors alternative
    alternatives provider tool tools spreadsheet spreadsheets in-house inhouse homegrown
    script scripts build built status quo happy satisfied switch switching stay replace
    replacing vendor vendors using use uses other another instead`,
  authority: `decision decide decides decider approve approval approvals approver sign-off
    signoff boss ceo cfo cio cto coo vp director board committee procurement purchasing rfp
    tender solicitation manager owner partner brother wife husband legal bureaucrat process
    stakeholder stakeholders call signs signature signer signatory economic authority`,
  need: `need needs necessary fit fits workflow feature features missing problem problems
    use useful relevant point reason requirement requirements value interested interest
    priority solve solves work works`,
  trust: `trust trusted references reference referenceable risk risky fail failure failed burned
    experience promise promised promises proof prove legit legitimate scam fake heard unknown
    guarantee guarantees confident confidence worry worried afraid fear track record reputation
    reviews skeptical sceptical doubt`,
  integration: `integrate integrates integration integrations api apis connector connectors
    sync synchronize synchronise system systems erp crm migrate migration implementation
    implement implementing setup onboarding data export import technical compatible
    compatibility support interface soap rest plugin install engineering engineers`,
  security: `security secure compliance compliant soc gdpr hipaa privacy residency breach audit
    audits encryption permission permissions access dpo dpa regulator regulators examiner
    examiners questionnaire pen pentest iso vulnerability sub-processors subprocessors`,
  contract: `contract contracts term terms length lock-in lock locked renewal renew renewals
    cancel cancellation termination terminate clause clauses liability cap agreement
    agreements notice redline redlines msa order-form legal lawyer attorney commitment
    multi-year three-year annual`,
  pain: `pain problem problems issue issues challenge challenges struggle struggling manual
    error errors mistake mistakes slow frustrating frustrated painful waste wasted broken
    penalty penalties late risk headache`,
  impact: `cost costs hours days dollars percent revenue savings save lost loss losing churn
    penalty penalties fines time productivity per thousand hundred million`,
  urgency: `deadline deadlines urgent urgently asap soon date launch go-live golive opening
    initiative initiatives mandate audit exam board quarter by before target targeting`,
  demo: `demo demonstrate demonstration show showed showing walk walkthrough sandbox trial pilot
    proof poc live screen console`,
  proposal: `proposal proposals quote quotes pricing order-form offer written draft send sent
    attached document`,
  plan: `plan plans mutual action timeline milestones milestone steps schedule signature sign
    dates`,
  champion: `champion advocate sponsor internal ally supporter coach sell`,
}

let lexicon: Map<string, string[]> | undefined

// Stems the word lists with the same stemmer used on the text, once per process.
export function conceptLexicon(): Map<string, string[]> {
  if (lexicon) return lexicon
  const nlp = winkInstance()
  const built = new Map<string, string[]>()
  for (const [concept, words] of Object.entries(CONCEPT_WORDS)) {
    const doc = nlp.readDoc(words.replace(/\s+/g, ' ').trim())
    const stems = tokenProperty(doc.tokens(), 'normal').map(stemWord)
    for (const stem of new Set(stems)) {
      const list = built.get(stem) ?? []
      list.push(concept)
      built.set(stem, list)
    }
  }
  lexicon = built
  return lexicon
}

export function conceptsOf(stems: readonly string[]): string[] {
  const lex = conceptLexicon()
  const out: string[] = []
  for (const stem of stems) {
    const concepts = lex.get(stem)
    if (concepts) out.push(...concepts)
  }
  return out
}

// The concepts of each word of a list of stems (nlp/words.ts), in the order `conceptsOf`
// lists them, each word's kept by its id.
const NO_CONCEPTS: readonly string[] = Object.freeze([])
const conceptsByWord = new WordTable<readonly string[]>(NO_CONCEPTS)

export function conceptsOfWord(word: Word): readonly string[] {
  if (conceptsByWord.has(word)) return conceptsByWord.value(word)
  return conceptsByWord.set(word, conceptLexicon().get(word.text) ?? NO_CONCEPTS)
}

export function conceptsOfWords(stems: readonly Word[], out: string[] = []): string[] {
  for (let i = 0; i < stems.length; i++) {
    const concepts = conceptsOfWord(stems[i] as Word)
    for (let c = 0; c < concepts.length; c++) out.push(concepts[c] as string)
  }
  return out
}

// The concepts of the stems of some sentences, in the order `conceptsOf(stemsOf(sentences))`
// lists them.
export function conceptsOfSentences(sentences: readonly AnalysedSentence[]): string[] {
  const out: string[] = []
  for (let i = 0; i < sentences.length; i++) {
    conceptsOfWords((sentences[i] as AnalysedSentence).stemWords, out)
  }
  return out
}
