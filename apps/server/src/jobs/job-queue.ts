import { sql } from 'drizzle-orm'
import { type DrizzleTransactionLike, fromDrizzle, type PgBoss } from 'pg-boss'
import type { Database } from '../db/client.js'
import type { QueueDefinition } from './queue-definition.js'

/** Sends jobs; services receive it as a dependency instead of pg-boss itself. */
export interface JobQueue {
  /**
   * Sends a job inside the caller's transaction (DESIGN §3.6): the job exists if and only if the
   * transaction commits, so a write and the work it causes cannot come apart. The payload is
   * validated against the queue's schema first.
   */
  enqueue<Payload extends object>(
    tx: Database,
    queue: QueueDefinition<Payload>,
    payload: Payload,
  ): Promise<string | null>
}

export function createJobQueue(boss: PgBoss): JobQueue {
  return {
    async enqueue(tx, queue, payload) {
      const data = queue.payload.parse(payload)
      return boss.send(queue.name, data, {
        ...queue.sendOptions?.(data),
        // Our Database type leaves the driver's result generic; both drivers answer `{ rows }`,
        // which is what the adapter reads.
        db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql),
      })
    },
  }
}
