import type { PipelineAction } from '@dealcoach/contracts/intelligence'
import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import { conceptsOf, conceptsOfWord } from '../nlp/concept-lexicon.js'
import { featuresOfStems } from '../nlp/sentence-features.js'
import { defaultActionKey } from './action-features.js'
import { hasVocabulary } from './action-vocabulary.js'
import { stemText } from '../nlp/stem-text.js'
import { stemWord } from '../nlp/wink-instance.js'
import { addVector, normalised, type TermVector } from '../nlp/term-vector.js'
import { GENERIC_STEMS } from '../solution-fit/quotable.js'

// Actions named for an outcome ("Agree terms", "Send a proposal", "Confirm budget") are done
// only when the outcome is confirmed; actions named for learning something ("Identify",
// "Understand", "Map") are done once both sides have talked it through.
export const OUTCOME_ACTION =
  /^(?:agree|confirm|send|sign|start|get|secure|close|submit|deliver|obtain|finali[sz]e)\b/i

// The outcome verbs whose past the stemmer does not bring back to them.
const IRREGULAR_PAST: Readonly<Record<string, readonly string[]>> = {
  send: ['sent'],
  get: ['got', 'gotten'],
}

// What an outcome action is done to: the stems and concepts of its name and description
// without its leading verb, and that verb's own stems.
interface ActionObject {
  verb: ReadonlySet<string>
  stems: ReadonlySet<string>
  concepts: ReadonlySet<string>
}

export interface ActionProfile {
  action: PipelineAction
  vector: TermVector
  // The default playbook action whose vocabulary (action-vocabulary.ts) this one uses; null
  // for an organisation's own actions, matched through their name and description only.
  vocabulary: string | null
  // For an action named for an outcome, what it is done to (aboutObject); null otherwise.
  object: ActionObject | null
  // The topic-bearing stems of its name and description (no outcome verb, no stems every
  // conversation uses): a quoted sentence shares one of them or the action's vocabulary.
  content: ReadonlySet<string>
}

function contentOf(action: PipelineAction, object: ActionObject | null): ReadonlySet<string> {
  const stems = object ? object.stems : stemText(`${action.name} ${action.description}`)
  return new Set([...stems].filter((s) => !GENERIC_STEMS.has(s)))
}

function objectOf(action: PipelineAction): ActionObject | null {
  const verb = OUTCOME_ACTION.exec(action.name.trim())?.[0].toLowerCase()
  if (!verb) return null
  const forms = new Set([verb, ...(IRREGULAR_PAST[verb] ?? [])].map(stemWord))
  const stems = stemText(`${action.name} ${action.description}`).filter((s) => !forms.has(s))
  return { verb: forms, stems: new Set(stems), concepts: new Set(conceptsOf(stems)) }
}

// Whether a sentence shares more than the verb with an outcome action: "the agenda you sent
// over" meets "Send the expansion offer" through "sent" alone (the verb and "offer" share the
// proposal concept), and its past tense would read as the offer confirmed sent.
export function aboutObject(sentence: AnalysedSentence, object: ActionObject): boolean {
  const words = sentence.stemWords
  for (let i = 0; i < words.length; i++) {
    const word = words[i]
    if (word === undefined || object.verb.has(word.text)) continue
    if (object.stems.has(word.text)) return true
    const concepts = conceptsOfWord(word)
    for (let c = 0; c < concepts.length; c++) {
      if (object.concepts.has(concepts[c] as string)) return true
    }
  }
  return false
}

// One vector per configured action from its own name and description, built once per
// pipeline configuration.
export function buildActionIndex(actions: readonly PipelineAction[]): ActionProfile[] {
  return actions.map((action) => {
    const vector: TermVector = new Map()
    addVector(vector, normalised(featuresOfStems(stemText(action.name))), 1.5)
    addVector(vector, normalised(featuresOfStems(stemText(action.description))), 1)
    const key = defaultActionKey(action)
    const object = objectOf(action)
    return {
      action,
      vector: normalised(vector),
      vocabulary: key && hasVocabulary(key) ? key : null,
      object,
      content: contentOf(action, object),
    }
  })
}
