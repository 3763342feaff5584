import type { Pagination } from '@dealcoach/contracts/pagination'

/** One page of a list, as services ask repositories for it. */
export interface PageRequest {
  page: number
  pageSize: number
}

/** The rows of a page and how many there are in all. */
export interface PageOf<T> {
  rows: T[]
  total: number
}

/** SQL's LIMIT/OFFSET for a page counted from 1. */
export function pageWindow({ page, pageSize }: PageRequest): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize }
}

/** The `pagination` object of a list answer (DESIGN §5). */
export function paginationOf({ page, pageSize }: PageRequest, total: number): Pagination {
  return { page, page_size: pageSize, total }
}
