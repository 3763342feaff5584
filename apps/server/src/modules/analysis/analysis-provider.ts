import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createBuiltinProvider } from '@dealcoach/intelligence/providers/builtin-provider'
import type { IntelligenceProvider } from '@dealcoach/intelligence/providers/intelligence-provider'
import { createOpenAiProvider } from '@dealcoach/intelligence/providers/openai-provider'
import type { FastifyBaseLogger } from 'fastify'
import type { AnalysisProviderConfig } from '../../config.js'

/** The configured engine; the OpenAI one tells the server's log when it falls back to builtin. */
export function createAnalysisProvider(
  config: AnalysisProviderConfig,
  log: FastifyBaseLogger,
): IntelligenceProvider {
  if (config.kind === 'builtin') return createBuiltinProvider()
  return createOpenAiProvider({
    baseUrl: config.baseUrl,
    model: config.model,
    apiKey: config.apiKey,
    timeoutMs: config.timeoutMs,
    onFallback: (reason) => log.warn({ reason }, 'analysis provider fell back to builtin'),
  })
}

/**
 * The intelligence package's version, recorded on every run so results can be traced to the
 * engine that produced them. The server pins the workspace package's exact version in its
 * manifest, three folders up from this module in the sources (src/) as in the build (dist/).
 */
export function readEngineVersion(): string {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const manifest = JSON.parse(
    readFileSync(path.resolve(here, '..', '..', '..', 'package.json'), 'utf8'),
  ) as { dependencies: Record<string, string> }
  const version = manifest.dependencies['@dealcoach/intelligence']
  if (!version) throw new Error('the server does not depend on @dealcoach/intelligence')
  return version
}
