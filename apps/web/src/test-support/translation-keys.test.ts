import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const localesDir = path.join(webRoot, 'public/locales')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) &&
      !/\.test\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.gen.ts')
      ? [full]
      : []
  })
}

function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([key, child]) =>
    keyPaths(child, prefix ? `${prefix}.${key}` : key),
  )
}

function readNamespace(language: string, namespace: string): unknown {
  return JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8'))
}

/** Literal keys used in code: t('key') under the file's useTranslation('ns'), and nav-style labelKey: 'key'. */
function usedKeys(file: string): { namespace: string; key: string }[] {
  const code = readFileSync(file, 'utf8')
  const namespace = /(?:useTranslation\(\s*|TFunction<)'([^']+)'/.exec(code)?.[1] ?? 'common'
  const calls = [...code.matchAll(/\bt\(\s*'([^']+)'/g), ...code.matchAll(/labelKey: '([^']+)'/g)]
  return calls.map((match) => {
    const raw = match[1] ?? ''
    const [maybeNamespace, rest] = raw.split(':')
    return rest ? { namespace: maybeNamespace ?? namespace, key: rest } : { namespace, key: raw }
  })
}

/** A key exists as itself or, for counted texts, as its plural forms (key_one, key_other). */
function hasKey(keys: Set<string> | undefined, key: string): boolean {
  return !!keys && (keys.has(key) || keys.has(`${key}_other`))
}

describe('translations', () => {
  const english = new Map(
    readdirSync(path.join(localesDir, 'en')).map((file) => {
      const namespace = file.replace(/\.json$/, '')
      return [namespace, new Set(keyPaths(readNamespace('en', namespace)))] as const
    }),
  )

  it('every literal key used in the code exists in English', () => {
    const missing = sourceFiles(path.join(webRoot, 'src')).flatMap((file) =>
      usedKeys(file)
        .filter(({ namespace, key }) => !hasKey(english.get(namespace), key))
        .map(({ namespace, key }) => `${path.relative(webRoot, file)}: ${namespace}:${key}`),
    )
    expect(missing).toEqual([])
  })

  it.each(['es', 'de', 'fr', 'ar'])('%s has every English key of every namespace', (language) => {
    const gaps = [...english].flatMap(([namespace, keys]) => {
      const translated = new Set(keyPaths(readNamespace(language, namespace)))
      return [...keys].filter((key) => !translated.has(key)).map((key) => `${namespace}:${key}`)
    })
    expect(gaps).toEqual([])
  })

  it.each(['en', 'es', 'de', 'fr', 'ar'])(
    '%s names the communication methods alike on the deal screen and the dashboard',
    (language) => {
      const deals = readNamespace(language, 'deals') as { analysis: { method: unknown } }
      const dashboard = readNamespace(language, 'dashboard') as { method: unknown }
      expect(deals.analysis.method).toEqual(dashboard.method)
    },
  )

  it('calls the phone method "Call" in English', () => {
    const dashboard = readNamespace('en', 'dashboard') as { method: Record<string, string> }
    expect(dashboard.method).toEqual({
      mixed: 'Calls and e-mails',
      phone: 'Call',
      email: 'E-mail',
    })
  })
})
