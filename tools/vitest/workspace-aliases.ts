import { fileURLToPath } from 'node:url'
import type { Alias } from 'vite'

/**
 * Points `@dealcoach/<package>/<file>` at the package's TypeScript source. Vitest externalises
 * workspace packages in its main process (where global setups run) and there ignores the "source"
 * export condition, so an explicit alias is the one resolution that works everywhere.
 */
export const workspaceAliases: Alias[] = [
  {
    find: /^@dealcoach\/(contracts|playbooks|intelligence)\/(.*)$/,
    replacement: fileURLToPath(new URL('../../packages/$1/src/$2.ts', import.meta.url)),
  },
]
