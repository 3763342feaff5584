// DESIGN §3.1: imports run one way.
//   web:    routes → features → entities → stores / components / lib; no feature imports
//           another, no entity imports a feature.
//   server: routes → service → repository → db; GraphQL resolvers call services, never SQL; a
//           module never imports another module's repository (each table has one owner, and
//           others call its service); *.jobs.ts import services, queue definitions and jobs/.
//   both:   no import cycles (type-only imports do not count: the compiler erases them).
import path from 'node:path'
import { pathBackTo, resolveImport, sourceRootOf } from './import-graph.js'

const WEB_SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`
const SERVER_SRC = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`

/** Where a web file sits: { layer, feature }. */
function webPlace(file) {
  const index = file.indexOf(WEB_SRC)
  if (index === -1) return undefined
  const parts = file.slice(index + WEB_SRC.length).split(path.sep)
  const top = parts[0]
  if (top === 'features') return { layer: 'features', feature: parts[1] }
  if (top === 'entities') return { layer: 'entities' }
  // stores/ is app-wide client state: shared like components/ and lib/.
  if (top === 'components' || top === 'lib' || top === 'stores') return { layer: 'shared' }
  if (top === 'routes') return { layer: 'routes' }
  return { layer: 'app' }
}

const SERVER_LAYER_BY_SUFFIX = [
  ['.routes.ts', 'routes'],
  ['.service.ts', 'service'],
  ['.repository.ts', 'repository'],
]

/** A server file's path inside apps/server/src, or undefined for other files. */
function serverPath(file) {
  const index = file.indexOf(SERVER_SRC)
  return index === -1 ? undefined : file.slice(index + SERVER_SRC.length)
}

function serverLayer(file) {
  const relative = serverPath(file)
  if (relative === undefined) return undefined
  if (relative.startsWith(`graphql${path.sep}`)) return 'graphql'
  if (relative.startsWith(`db${path.sep}`)) return 'db'
  const match = SERVER_LAYER_BY_SUFFIX.find(([suffix]) => relative.endsWith(suffix))
  return match?.[1]
}

// What each server layer must not import.
const SERVER_FORBIDDEN = {
  repository: ['service', 'routes', 'graphql'],
  service: ['routes', 'graphql'],
  db: ['repository', 'service', 'routes', 'graphql'],
  graphql: ['repository', 'db', 'routes'],
}

/** The module a server file belongs to (`modules/<module>/…`), if any. */
function serverModule(relative) {
  const parts = relative.split(path.sep)
  return parts[0] === 'modules' && parts.length > 2 ? parts[1] : undefined
}

function checkWeb(from, to) {
  if (!from || !to) return undefined
  if (from.layer === 'features' && to.layer === 'features' && from.feature !== to.feature) {
    return `feature "${from.feature}" must not import feature "${to.feature}"; move shared code to entities/, components/ or lib/`
  }
  if (
    from.layer === 'shared' &&
    (to.layer === 'features' || to.layer === 'entities' || to.layer === 'routes')
  ) {
    return `components/, lib/ and stores/ must not import ${to.layer}/`
  }
  if (from.layer === 'entities' && (to.layer === 'features' || to.layer === 'routes')) {
    return `entities/ must not import ${to.layer}/; move what both need into the entity`
  }
  if (from.layer === 'features' && to.layer === 'routes') return 'features must not import routes'
  return undefined
}

/** A repository belongs to its module: other modules call that module's service instead. */
function checkRepositoryOwner(fromFile, toFile, source) {
  const from = serverPath(fromFile)
  const to = serverPath(toFile)
  if (from === undefined || to === undefined || !to.endsWith('.repository.ts')) return undefined
  const owner = serverModule(to)
  const importer = serverModule(from)
  if (!owner || !importer || owner === importer) return undefined
  return `module "${importer}" must not import module "${owner}"'s repository ("${source}"); call the ${owner} service instead`
}

/** A *.jobs.ts file pairs queues with service calls: services, queue definitions and jobs/ only. */
function checkJobs(fromFile, toFile, source) {
  const from = serverPath(fromFile)
  const to = serverPath(toFile)
  if (from === undefined || to === undefined || !from.endsWith('.jobs.ts')) return undefined
  if (to.endsWith('.service.ts') || to.endsWith('.queues.ts')) return undefined
  if (to.startsWith(`jobs${path.sep}`)) return undefined
  return `a *.jobs.ts file may import only services, *.queues.ts and jobs/ ("${source}")`
}

function checkServer(fromLayer, toFile, source) {
  if (!fromLayer) return undefined
  const toLayer =
    serverLayer(toFile) ?? (toFile.includes(`${path.sep}db${path.sep}`) ? 'db' : undefined)
  const forbidden = SERVER_FORBIDDEN[fromLayer] ?? []
  if (toLayer && forbidden.includes(toLayer))
    return `a ${fromLayer} must not import a ${toLayer} ("${source}")`
  return undefined
}

export const importLayers = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: 'Enforce one-way imports, table owners and no cycles (DESIGN §3.1)' },
  },
  create(context) {
    const file = context.filename
    const root = sourceRootOf(file)
    let cycleReported = false

    /** Reports, once per file, a run-time import that leads back to this file. */
    const checkCycle = (node, target) => {
      const typeOnly = node.importKind === 'type' || node.exportKind === 'type'
      if (cycleReported || typeOnly || node.type === 'ImportExpression' || !root) return
      if (sourceRootOf(target) !== root) return
      const trail = pathBackTo(file, target)
      if (!trail) return
      cycleReported = true
      const names = [file, ...trail].map((step) => path.relative(root, step)).join(' → ')
      context.report({ node: node.source, message: `import cycle: ${names}` })
    }

    const check = (node) => {
      const source = node.source?.value
      if (typeof source !== 'string') return
      const target = resolveImport(file, source)
      if (!target) return
      const message =
        checkWeb(webPlace(file), webPlace(target)) ??
        checkServer(serverLayer(file), target, source) ??
        checkRepositoryOwner(file, target, source) ??
        checkJobs(file, target, source)
      if (message) context.report({ node: node.source, message })
      checkCycle(node, target)
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    }
  },
}
