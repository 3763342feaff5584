import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const localesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../public/locales',
)

const progressOf = (language: string, namespace: string, keys: string[]): unknown => {
  let value: unknown = JSON.parse(
    readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8'),
  )
  for (const key of keys) value = (value as Record<string, unknown>)[key]
  return value
}

describe('the recent activity’s action statuses', () => {
  it.each(['en', 'es', 'de', 'fr', 'ar'])(
    'read in %s as the status badges do (the dashboard’s and the analysis’s)',
    (language) => {
      const feed = progressOf(language, 'activity', ['recent', 'progress']) as Record<
        string,
        string
      >
      const dashboard = progressOf(language, 'dashboard', ['progress']) as Record<string, string>
      const analysis = progressOf(language, 'deals', ['analysis', 'progress']) as Record<
        string,
        string
      >
      // The analysis also names actions not done, which the feed of changes never shows.
      expect(analysis).toEqual(dashboard)
      for (const [progress, label] of Object.entries(feed)) {
        expect(label).toBe(dashboard[progress])
      }
    },
  )
})
