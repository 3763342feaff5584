import { HttpError } from '@/lib/api-client'

/** The server's own explanation of a refused request (4xx), worth showing as is; else undefined. */
export const serverMessage = (error: unknown): string | undefined =>
  error instanceof HttpError && error.status < 500 ? error.message : undefined

export const isHttpError = (error: unknown, code: string) =>
  error instanceof HttpError && error.code === code
