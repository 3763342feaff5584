import { STOP_WORDS } from './stop-words.js'
import { stemWord, tokenProperty, winkInstance } from './wink-instance.js'

// Content-word stems of a configuration text (a type's name, an action's description).
// Called once per configured item, never per conversation sentence.
export function stemText(text: string): string[] {
  const nlp = winkInstance()
  const tokens = nlp.readDoc(text).tokens()
  const normals = tokenProperty(tokens, 'normal')
  const types = tokenProperty(tokens, 'type')
  const out: string[] = []
  normals.forEach((normal, i) => {
    if (types[i] === 'word' && !STOP_WORDS.has(normal) && normal.length > 1) {
      out.push(stemWord(normal))
    }
  })
  return out
}
