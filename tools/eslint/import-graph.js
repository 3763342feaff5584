// The relative-import graph of apps/server/src and apps/web/src, for finding import cycles.
// ESLint shows a rule one file at a time, so the other files are read from disk, lazily, and
// kept for the rest of the run; a file is read again only if it changed on disk since (so an
// editor's long-running ESLint stays right too).
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const WEB_SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`
const SERVER_SRC = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`
const SOURCE_EXTENSIONS = ['.ts', '.tsx']
/** How long a file's parsed imports are trusted before its modification time is checked again. */
const RECHECK_MS = 1000

/** The source root (…/apps/server/src/ or …/apps/web/src/) a file belongs to, if any. */
export function sourceRootOf(file) {
  for (const marker of [SERVER_SRC, WEB_SRC]) {
    const index = file.indexOf(marker)
    if (index !== -1) return file.slice(0, index + marker.length)
  }
  return undefined
}

function isFile(candidate) {
  try {
    return statSync(candidate).isFile()
  } catch {
    return false
  }
}

/**
 * The file an import specifier names, or undefined for packages. `./x.js` is the TypeScript file
 * `./x.ts` (NodeNext style); web files may also import `@/…` from their src/.
 */
export function resolveImport(file, specifier) {
  let base
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(file), specifier)
  else if (specifier.startsWith('@/')) {
    const index = file.indexOf(WEB_SRC)
    if (index === -1) return undefined
    base = path.join(file.slice(0, index + WEB_SRC.length), specifier.slice(2))
  } else return undefined
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '')
  const candidates = [...SOURCE_EXTENSIONS.map((extension) => stem + extension), base]
  return candidates.find(isFile) ?? candidates[0]
}

/** The static imports and re-exports of a source text: `{ specifier, typeOnly }`. */
export function importsOf(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false)
  const found = []
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      const typeOnly = ts.isImportDeclaration(statement)
        ? (statement.importClause?.isTypeOnly ?? false)
        : statement.isTypeOnly
      found.push({ specifier: statement.moduleSpecifier.text, typeOnly })
    }
  }
  return found
}

/**
 * The files a file imports at run time. Type-only imports are erased by the compiler, so they
 * make no cycle; dynamic import() loads later, on demand, so it makes none either.
 */
function runtimeImports(file, text) {
  const targets = new Set()
  for (const { specifier, typeOnly } of importsOf(file, text)) {
    if (typeOnly) continue
    const target = resolveImport(file, specifier)
    if (target && sourceRootOf(target) !== undefined) targets.add(target)
  }
  return [...targets]
}

const cache = new Map()

function edgesOf(file) {
  const now = Date.now()
  const cached = cache.get(file)
  if (cached && now - cached.checkedAt < RECHECK_MS) return cached.edges
  let mtimeMs
  try {
    mtimeMs = statSync(file).mtimeMs
  } catch {
    cache.set(file, { checkedAt: now, mtimeMs: -1, edges: [] })
    return []
  }
  if (cached && cached.mtimeMs === mtimeMs) {
    cached.checkedAt = now
    return cached.edges
  }
  const edges = runtimeImports(file, readFileSync(file, 'utf8'))
  cache.set(file, { checkedAt: now, mtimeMs, edges })
  return edges
}

/**
 * The shortest run-time import path from `start` back to `file`, as a list of files beginning
 * with `start` and ending with `file`; undefined if `start` does not lead back.
 */
export function pathBackTo(file, start) {
  if (start === file) return [start]
  const parent = new Map([[start, undefined]])
  const queue = [start]
  while (queue.length > 0) {
    const current = queue.shift()
    for (const next of edgesOf(current)) {
      if (parent.has(next)) continue
      parent.set(next, current)
      if (next === file) {
        const trail = [next]
        for (let step = current; step !== undefined; step = parent.get(step)) trail.unshift(step)
        return trail
      }
      queue.push(next)
    }
  }
  return undefined
}
