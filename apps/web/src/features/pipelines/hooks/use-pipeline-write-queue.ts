import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef } from 'react'
import { pipelineQueryOptions } from '@/entities/pipeline/api/get-pipeline'

export type PipelineWrite = <T>(write: (pipeline: Pipeline) => Promise<T>) => Promise<T>

/**
 * Runs the editor's writes one after another. Each PUT sends a whole list, built when the write
 * starts from the pipeline the server last answered, so a quick second edit never sends a list
 * that misses the first edit or repeats a stage the first one is still adding.
 */
export function usePipelineWriteQueue(pipelineId: string): PipelineWrite {
  const queryClient = useQueryClient()
  const chain = useRef<Promise<unknown>>(Promise.resolve())
  return useCallback(
    <T>(write: (pipeline: Pipeline) => Promise<T>): Promise<T> => {
      const run = () => {
        const pipeline = queryClient.getQueryData(pipelineQueryOptions(pipelineId).queryKey)
        return pipeline ? write(pipeline) : Promise.reject(new Error('The pipeline is not loaded'))
      }
      const result = chain.current.then(run)
      chain.current = result.catch(() => undefined)
      return result
    },
    [queryClient, pipelineId],
  )
}
