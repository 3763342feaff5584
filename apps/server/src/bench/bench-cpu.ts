import { readFile } from 'node:fs/promises'
import pg from 'pg'

/**
 * CPU time per request, by who spent it: the server processes, the PostgreSQL backends serving
 * them and the load generator. Requests per second on a shared 2-core machine depend on whatever
 * else runs there; CPU milliseconds per request do not, and they say which of the three a run is
 * short of (2 cores give 2,000 CPU ms a second: 800 req/s leaves 2.5 ms a request for all three).
 */
export interface CpuPerRequest {
  server: number
  postgres: number
  client: number
}

/** CPU ms by PostgreSQL backend pid; read off /proc, so only for a server on this machine. */
export type BackendCpu = ReadonlyMap<number, number>

// /proc reports utime and stime in clock ticks, USER_HZ, which Linux fixes at 100 for user space.
const MS_PER_TICK = 10

/** utime + stime (ms) of a process, or undefined once it is gone. */
async function processCpuMs(pid: number): Promise<number | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined)
  if (stat === undefined) return undefined
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK
}

/**
 * The CPU time of every backend connected to the bench database (this reading's own connection
 * left out), or null when PostgreSQL runs elsewhere and /proc cannot tell.
 */
export async function readBackendCpu(databaseUrl: string): Promise<BackendCpu | null> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    )
    const readings = await Promise.all(
      rows.map(async ({ pid }) => [pid, await processCpuMs(pid)] as const),
    )
    const known = readings.filter(
      (entry): entry is readonly [number, number] => entry[1] !== undefined,
    )
    if (rows.length > 0 && known.length === 0) return null
    return new Map(known)
  } finally {
    await client.end()
  }
}

/**
 * What the backends spent between two readings. A backend that connected meanwhile counts from
 * zero (its start is part of the run's cost); one that closed meanwhile is lost, which the bench
 * avoids by keeping its pools open through a run.
 */
export function backendCpuSpent(before: BackendCpu, after: BackendCpu): number {
  let spent = 0
  for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0)
  return spent
}
