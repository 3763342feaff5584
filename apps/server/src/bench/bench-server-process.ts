import { type ChildProcess, fork } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BenchControlMessage, BenchServerMessage, CapturedQuery } from './bench-server.js'

const serverEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-server.ts')

export interface BenchServerOptions {
  databaseUrl: string
  jwtSecret: string
  logLevel: string
  poolSize: number
  /** Where the server writes a V8 CPU profile when it stops (`--cpu-prof`), if anywhere. */
  cpuProfileDir?: string
}

export interface BenchServer {
  baseUrl: string
  /** The SQL the server issued while `work` ran (run one request at a time). */
  capture(work: () => Promise<void>): Promise<CapturedQuery[]>
  /** CPU time (ms) the server process has used so far. */
  cpuMs(): Promise<number>
  stop(): Promise<void>
}

function nextMessage(child: ChildProcess): Promise<BenchServerMessage> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`bench server exited (${code})`))
    child.once('exit', onExit)
    child.once('message', (message: BenchServerMessage) => {
      child.off('exit', onExit)
      resolve(message)
    })
  })
}

/**
 * Starts the server under test in a child process, so autocannon (in this process) does not
 * share its event loop: the figures are what a client sees, not what a shared loop allows.
 */
export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const child = fork(serverEntry, [], {
    execArgv: [
      '--conditions',
      'source',
      '--import',
      'tsx',
      ...(options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : []),
    ],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      DATABASE_POOL_SIZE: String(options.poolSize),
      JWT_SECRET: options.jwtSecret,
      RUN_WORKERS: 'false',
      DEMO_WORKSPACE: 'false',
      LOG_LEVEL: options.logLevel,
    },
  })
  const ready = await nextMessage(child)
  if (ready.type !== 'ready') throw new Error('bench server: expected ready')
  const ask = async (message: BenchControlMessage) => {
    const answer = nextMessage(child)
    child.send(message)
    return answer
  }
  const control = async (message: BenchControlMessage) => {
    const reply = await ask(message)
    if (reply.type !== 'captured') throw new Error('bench server: expected captured')
    return reply.queries
  }
  return {
    baseUrl: `http://127.0.0.1:${ready.port}`,
    capture: async (work) => {
      await control({ type: 'capture-start' })
      // Leave capture mode even when the request failed, then report the failure.
      const outcome = await work().then(
        () => undefined,
        (error: unknown) => ({ error }),
      )
      const queries = await control({ type: 'capture-stop' })
      if (outcome) throw outcome.error
      return queries
    },
    cpuMs: async () => {
      const reply = await ask({ type: 'cpu' })
      if (reply.type !== 'cpu') throw new Error('bench server: expected cpu')
      return reply.micros / 1000
    },
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.disconnect()
      await exited
    },
  }
}

/**
 * Starts `count` servers side by side. If one cannot start, the others are stopped before the
 * error is thrown: a server left running would keep the bench from exiting.
 */
export async function startBenchServers(
  count: number,
  options: BenchServerOptions,
): Promise<BenchServer[]> {
  const started = await Promise.allSettled(
    Array.from({ length: count }, () => startBenchServer(options)),
  )
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()))
    throw failed.reason
  }
  return servers
}
