import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** What each entry point logs once it is ready (server.ts, worker.ts). */
const READY: Record<AppEntry, RegExp> = {
  server: /is ready at/,
  worker: /worker is running/,
}

export type AppEntry = 'server' | 'worker'

export interface AppProcess {
  name: string
  pid: number
  /** Resolves with the exit code (null after a signal) once the process is gone. */
  exited: Promise<number | null>
  /** Kills it with SIGKILL, as a crash or an OOM killer would, and waits until it is gone. */
  crash(): Promise<void>
  /** SIGTERM (graceful shutdown), then SIGKILL if it is still there after `timeoutMs`. */
  stop(timeoutMs?: number): Promise<void>
  /** Its last lines of output, to explain a failure. */
  output(): string
}

/** A free TCP port on the loopback interface, for a child process to listen on. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

/**
 * Starts `src/server.ts` or `src/worker.ts` from source in a process of its own (as `npm run dev`
 * and `npm run worker` do, so it needs no build) with exactly the environment given, and resolves
 * once it logs that it is ready.
 */
export async function startAppProcess(
  name: string,
  entry: AppEntry,
  env: Record<string, string>,
  options: { readyTimeoutMs?: number } = {},
): Promise<AppProcess> {
  const child = spawn(
    process.execPath,
    ['--conditions', 'source', '--import', 'tsx', path.join('src', `${entry}.ts`)],
    {
      cwd: serverRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const lines: string[] = []
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const ready = new Promise<void>((resolve, reject) => {
    const onLine = (line: string) => {
      lines.push(line)
      if (lines.length > 200) lines.shift()
      if (READY[entry].test(line)) resolve()
    }
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', onLine)
    }
    void exited.then((code) =>
      reject(new Error(`${name} exited (${code}) before it was ready:\n${lines.join('\n')}`)),
    )
  })
  // Awaited in the race below; a rejection that comes after a timeout must not go unhandled.
  ready.catch(() => undefined)
  const timeoutMs = options.readyTimeoutMs ?? 60_000
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${name} was not ready within ${timeoutMs} ms:\n${lines.join('\n')}`)),
      timeoutMs,
    )
  })
  const process_ = handleOf(name, child, exited, lines)
  try {
    await Promise.race([ready, timeout])
  } catch (error) {
    await process_.crash()
    throw error
  } finally {
    clearTimeout(timer)
  }
  return process_
}

function handleOf(
  name: string,
  child: ChildProcess,
  exited: Promise<number | null>,
  lines: string[],
): AppProcess {
  let gone = false
  void exited.then(() => {
    gone = true
  })
  return {
    name,
    pid: child.pid ?? 0,
    exited,
    crash: async () => {
      if (!gone) child.kill('SIGKILL')
      await exited
    },
    stop: async (timeoutMs = 10_000) => {
      if (gone) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
      await exited
      clearTimeout(timer)
    },
    output: () => lines.join('\n'),
  }
}
