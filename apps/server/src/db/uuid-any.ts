import { type Column, type SQL, sql } from 'drizzle-orm'

/**
 * `column = any($1::uuid[])` with the ids as one array parameter: a long id list stays one bind
 * value instead of one placeholder per id (PostgreSQL allows 65,535 of those).
 */
export function anyOf(column: Column, ids: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::uuid[])`
}

/** The same for a prepared statement: the ids come as the array placeholder `name`. */
export function anyOfPlaceholder(column: Column, name: string): SQL {
  return sql`${column} = any(${sql.placeholder(name)}::uuid[])`
}
