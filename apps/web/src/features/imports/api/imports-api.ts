import {
  type ImportBody,
  type ImportKind,
  type ImportList,
  type ImportMapping,
  type ImportStatus,
  type ImportValueMapping,
  IMPORTS_PAGE_SIZE,
} from '@dealcoach/contracts/imports'
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { apiRequest, authorizedFetch, HttpError, postForm } from '@/lib/api-client'
import { useRefreshAfterJob } from '@/lib/use-refresh-after-job'

export { IMPORTS_PAGE_SIZE }

export const importKeys = {
  all: ['imports'] as const,
  list: (page: number) => ['imports', 'list', page] as const,
  one: (id: string) => ['imports', 'one', id] as const,
}

/** A job is working on these: the screens ask again until it is done. */
export const isRunning = (status: ImportStatus) => status === 'validating' || status === 'importing'

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000

export const importsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: importKeys.list(page),
    queryFn: () =>
      apiRequest<ImportList>(`/v1/imports?page=${page}&page_size=${IMPORTS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
    // A list with a running import follows it, so its badge turns to "Ready" or "Done" by itself.
    refetchInterval: (query) =>
      query.state.data?.models.some((row) => isRunning(row.status)) ? IMPORT_POLL_MS : false,
  })

export const useImports = (page: number) => useQuery(importsQueryOptions(page))

export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: importKeys.one(id),
    queryFn: () => apiRequest<ImportBody>(`/v1/imports/${encodeURIComponent(id)}`),
    refetchInterval: (query) =>
      query.state.data && isRunning(query.state.data.status) ? IMPORT_POLL_MS : false,
  })

/** One import, asked again while it runs; a finished commit refreshes what it wrote to. */
export function useImport(id: string) {
  const found = useQuery(importQueryOptions(id))
  const status = found.data?.status
  useRefreshAfterJob({ running: status === 'importing', finished: status === 'done' }, 'imports')
  return found
}

/** Whether the import asked for is not there (another organisation's, or a mistyped id). */
export const isImportMissing = (error: unknown) =>
  error instanceof HttpError && (error.status === 404 || error.status === 400)

export interface ImportUpload {
  kind: ImportKind
  /** Field → CSV header, as the mapping step chose it (null: from no column). */
  mapping: ImportMapping
  file: File
}

export function useUploadImport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ kind, mapping, file }: ImportUpload) => {
      // The server reads the text fields before the file: their order in the form matters.
      const form = new FormData()
      form.set('kind', kind)
      if (Object.keys(mapping).length > 0) form.set('mapping', JSON.stringify(mapping))
      form.set('file', file, file.name)
      return postForm<ImportBody>('/v1/imports', form)
    },
    onSuccess: (created) => {
      queryClient.setQueryData(importKeys.one(created.id), created)
      return queryClient.invalidateQueries({ queryKey: importKeys.all, exact: false })
    },
  })
}

/**
 * The answer to a commit or a value mapping, which has no row report: the one shown stays until
 * the next poll brings the new one.
 */
function useKeepReportOnSuccess(id: string) {
  const queryClient = useQueryClient()
  return (changed: ImportBody) => {
    queryClient.setQueryData<ImportBody>(importKeys.one(id), (previous) => ({
      ...changed,
      problems: previous?.problems ?? changed.problems,
      problem_count: previous?.problem_count ?? changed.problem_count,
    }))
    return queryClient.invalidateQueries({ queryKey: importKeys.all })
  }
}

export function useCommitImport(id: string) {
  const onSuccess = useKeepReportOnSuccess(id)
  return useMutation({
    mutationFn: () =>
      apiRequest<ImportBody>(`/v1/imports/${encodeURIComponent(id)}/commit`, { method: 'POST' }),
    onSuccess,
  })
}

/** Sets the stage and owner values mapped by hand; the server dry-runs the file again. */
export function useMapImportValues(id: string) {
  const onSuccess = useKeepReportOnSuccess(id)
  return useMutation({
    mutationFn: (values: ImportValueMapping) =>
      apiRequest<ImportBody>(`/v1/imports/${encodeURIComponent(id)}/value-mapping`, {
        method: 'PUT',
        body: values,
      }),
    onSuccess,
  })
}

/**
 * Downloads the whole row report. The file needs the bearer token, so it is fetched and handed
 * to the browser as a blob rather than linked.
 */
export async function downloadImportReport(id: string): Promise<void> {
  const response = await authorizedFetch(`/v1/imports/${encodeURIComponent(id)}/report.csv`, {
    headers: { accept: 'text/csv' },
  })
  if (!response.ok) throw new HttpError(response.status, 'http_error', String(response.status))
  const url = URL.createObjectURL(await response.blob())
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = `import-${id}-report.csv`
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    // After the click has handed the file over; revoking at once can cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }
}
