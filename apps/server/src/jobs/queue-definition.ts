import type { Queue, SendOptions, WorkOptions } from 'pg-boss'
import type { z } from 'zod'

/**
 * One job queue: its name, the payload its jobs carry (validated when sent and when run), the
 * pg-boss options of the queue and, for periodic work, its cron schedule.
 */
export interface QueueDefinition<Payload extends object> {
  name: string
  payload: z.ZodType<Payload>
  options: Omit<Queue, 'name'>
  /** Cron expression for periodic jobs (UTC), e.g. `17 * * * *`. */
  schedule?: string
  /** Options every job of this queue is sent with, e.g. a singleton key. */
  sendOptions?: (payload: Payload) => SendOptions
  /**
   * How this queue's workers poll, when pg-boss's defaults (every 2 s) are too slow for it, and how
   * many jobs one fetch claims (default 1); while fetches come back full the next follows at once.
   */
  workOptions?: Pick<WorkOptions, 'pollingIntervalSeconds' | 'batchSize'>
}

export function defineQueue<Payload extends object>(
  definition: QueueDefinition<Payload>,
): QueueDefinition<Payload> {
  return definition
}

/** What a job handler learns about the job besides its payload. */
export interface JobContext {
  id: string
  retryCount: number
  retryLimit: number
  /** True on the last try: a failure now is final. */
  finalAttempt: boolean
}

export type JobHandler<Payload extends object> = (
  payload: Payload,
  job: JobContext,
) => Promise<void>

/** A queue together with the service call that runs its jobs. */
export interface RegisteredJob<Payload extends object = object> {
  queue: QueueDefinition<Payload>
  handle: JobHandler<Payload>
}

/** Pairs a queue with its handler, keeping their payload types in step. */
export function handleJobs<Payload extends object>(
  queue: QueueDefinition<Payload>,
  handle: JobHandler<Payload>,
): RegisteredJob {
  return { queue, handle } as unknown as RegisteredJob
}
