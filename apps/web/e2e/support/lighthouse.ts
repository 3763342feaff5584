import { createServer } from 'node:net'
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'

/** What Lighthouse found for one page: its scores, where it ended and what it flags. */
export interface LighthouseRun {
  performance: number
  accessibility: number
  finalUrl: string
  /** The final screenshot, a data URL. */
  screenshot?: string
  /** The failing audits of both categories, worded for a reader of the CI log. */
  failures: string[]
  /** Lab metrics, for the log: FCP, LCP, TBT, CLS, Speed Index. */
  metrics: Record<string, string>
  /** False when Lighthouse gave no performance score (performance then reads 0). */
  scored: boolean
  /** Why the run failed, when Lighthouse says (NO_NAVSTART, NO_FCP, …). */
  runtimeError?: { code: string; message: string }
  /** What Lighthouse saw go wrong around the run (a page still loading, an extension, …). */
  runWarnings: string[]
}

/**
 * A run without a performance score, explained for the CI log: Lighthouse's runtimeError (code and
 * message) and its runWarnings. Empty when the run was scored.
 */
export function unscoredReport(run: LighthouseRun): string {
  if (run.scored) return ''
  const error = run.runtimeError
    ? `runtimeError ${run.runtimeError.code}: ${run.runtimeError.message}`
    : 'no runtimeError'
  const warnings =
    run.runWarnings.length > 0 ? `runWarnings: ${run.runWarnings.join(' | ')}` : 'no runWarnings'
  return `no performance score; ${error}; ${warnings}`
}

/** A free TCP port on the loopback, for Chromium's remote debugging (which Lighthouse drives). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port)
        else reject(new Error('no port'))
      })
    })
  })
}

/**
 * Runs Lighthouse's performance and accessibility audits on `url`, in a new tab of the Chromium
 * listening on `port` (so the tab shares that browser's cookies, a signed-in session included).
 *
 * The desktop preset: Dealcoach is a B2B app that sales teams use at their desks, and DESIGN §7
 * names no device, so the desktop's screen and network are the honest fit. Lighthouse's default
 * simulated throttling stays: it computes the metrics from the page's dependency graph rather than
 * slowing the real browser, which keeps the score steady on a shared, loaded CI machine. Nothing
 * is fetched from outside: the page, and Lighthouse's own data, are all local.
 */
export async function runLighthouse(url: string, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    },
    desktopConfig,
  )
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { lhr } = result
  const failures: string[] = []
  // A run whose trace went wrong (NO_NAVSTART, now and then) scores nothing: the caller runs again.
  if (lhr.runtimeError) failures.push(`Lighthouse: ${lhr.runtimeError.message}`)

  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id]
      if (!audit || audit.score === null || audit.score >= 1) continue
      // Performance lists its metrics and opportunities; only those that cost points are news.
      if (category.id === 'performance' && ref.weight === 0 && audit.score >= 0.9) continue
      const value = audit.displayValue ? ` (${audit.displayValue})` : ''
      failures.push(`${category.id}: ${audit.id} ${audit.score}${value}: ${audit.title}`)
    }
  }
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?'
  const screenshot = lhr.audits['final-screenshot']?.details
  const performance = lhr.categories.performance?.score ?? null
  return {
    performance: performance ?? 0,
    scored: performance !== null,
    ...(lhr.runtimeError && {
      runtimeError: { code: lhr.runtimeError.code, message: lhr.runtimeError.message },
    }),
    runWarnings: lhr.runWarnings,
    accessibility: lhr.categories.accessibility?.score ?? 0,
    finalUrl: lhr.finalDisplayedUrl,
    screenshot: screenshot && screenshot.type === 'screenshot' ? screenshot.data : undefined,
    failures,
    metrics: {
      FCP: metric('first-contentful-paint'),
      LCP: metric('largest-contentful-paint'),
      TBT: metric('total-blocking-time'),
      CLS: metric('cumulative-layout-shift'),
      SI: metric('speed-index'),
    },
  }
}

/** One JavaScript file a page loaded: its size, gzipped, and as it came over the wire. */
export interface ScriptSize {
  url: string
  /** The script itself, decoded. */
  bytes: number
  /** The script gzipped at level 9, as DESIGN §7's budget counts it. */
  gzipBytes: number
  /** The body's bytes as sent, and their Content-Encoding (none: sent as is). */
  transferBytes: number
  encoding?: string
}

/**
 * Every JavaScript file that `page` loads from now on (the entry, its static imports, and the
 * chunks the page imports lazily), with the size of each body gzipped at level 9. `done()` waits
 * for the bodies.
 */
export function collectScripts(page: Page): { done: () => Promise<ScriptSize[]> } {
  const pending: Promise<ScriptSize>[] = []
  page.on('response', (response) => {
    const isScript =
      response.request().resourceType() === 'script' ||
      /javascript/.test(response.headers()['content-type'] ?? '')
    if (!isScript) return
    const encoding = response.headers()['content-encoding']
    pending.push(
      Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => ({
        url: response.url(),
        bytes: body.length,
        gzipBytes: gzipSync(body, { level: 9 }).length,
        transferBytes: sizes.responseBodySize,
        encoding,
      })),
    )
  })
  return { done: () => Promise.all(pending) }
}
