import { errorBodySchema } from '@dealcoach/contracts/errors'

/** Response schemas for a route's error statuses, all with the one error body (DESIGN §3.5). */
export function errorResponses(...statusCodes: number[]): Record<number, typeof errorBodySchema> {
  return Object.fromEntries(statusCodes.map((code) => [code, errorBodySchema]))
}
