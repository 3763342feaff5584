// DESIGN §3.1: imports run one way.
//   web:    routes → features → entities → stores / components / lib; no feature imports
//           another, no entity imports a feature.
//   server: routes → service → repository → db; GraphQL resolvers call services, never SQL.
import path from 'node:path'

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

function serverLayer(file) {
  const index = file.indexOf(SERVER_SRC)
  if (index === -1) return undefined
  const relative = file.slice(index + SERVER_SRC.length)
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

function resolveSource(file, source) {
  if (source.startsWith('.')) return path.resolve(path.dirname(file), source)
  if (source.startsWith('@/')) {
    const index = file.indexOf(WEB_SRC)
    if (index === -1) return undefined
    return path.join(file.slice(0, index + WEB_SRC.length), source.slice(2))
  }
  return undefined
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
    docs: { description: 'Enforce one-way imports (DESIGN §3.1)' },
  },
  create(context) {
    const file = context.filename
    const check = (node) => {
      const source = node.source?.value
      if (typeof source !== 'string') return
      const target = resolveSource(file, source)
      if (!target) return
      const message =
        checkWeb(webPlace(file), webPlace(target)) ?? checkServer(serverLayer(file), target, source)
      if (message) context.report({ node: node.source, message })
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    }
  },
}
