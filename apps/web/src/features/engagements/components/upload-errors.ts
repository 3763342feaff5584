import { HttpError } from '@/lib/api-client'

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
export const ACCEPTED_EXTENSIONS = ['.vtt', '.srt', '.txt', '.eml'] as const

/** What the user can be told about a refused upload, in the client's words (deals namespace). */
export type UploadProblem =
  | { key: 'upload.errors.invalid_file'; line?: number }
  | { key: 'upload.errors.unsupported' }
  | { key: 'upload.errors.too_large' }
  | { key: 'upload.errors.duplicate'; earlier?: { id: string; name: string } }
  | { key: 'upload.errors.failed' }

/** The client's own checks before anything is sent. */
export function checkFile(file: File): UploadProblem | null {
  const name = file.name.toLowerCase()
  if (!ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    return { key: 'upload.errors.unsupported' }
  }
  if (file.size > MAX_UPLOAD_BYTES) return { key: 'upload.errors.too_large' }
  return null
}

// The server names the line in English ("line 12: …"); only the number is taken from it.
const lineIn = (text: string) => {
  const match = /line\s+(\d+)/i.exec(text)
  return match ? Number(match[1]) : undefined
}

export function uploadProblem(error: unknown): UploadProblem {
  if (!(error instanceof HttpError)) return { key: 'upload.errors.failed' }
  if (error.code === 'invalid_file') {
    const detail = error.details[0]
    const fromParams = detail?.params?.line
    const line = typeof fromParams === 'number' ? fromParams : lineIn(detail?.message ?? '')
    return { key: 'upload.errors.invalid_file', line }
  }
  if (error.status === 415 || error.code === 'unsupported_file_type') {
    return { key: 'upload.errors.unsupported' }
  }
  if (error.status === 413 || error.code === 'file_too_large') {
    return { key: 'upload.errors.too_large' }
  }
  if (error.status === 409 || error.code === 'duplicate_engagement') {
    const params = error.details[0]?.params
    const id = params?.id ?? params?.engagement_id
    const name = params?.name
    return {
      key: 'upload.errors.duplicate',
      earlier: typeof id === 'string' && typeof name === 'string' ? { id, name } : undefined,
    }
  }
  return { key: 'upload.errors.failed' }
}
