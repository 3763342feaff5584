/**
 * Child process for the durability test: commits rows one by one into a PGlite data directory and
 * reports each commit on stdout, until its parent kills it with SIGKILL.
 */
import { openDatabase } from '../db/client.js'
import { organisations } from '../db/schema/organisations.js'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: durability-writer <data-dir>')

const handle = await openDatabase({ kind: 'pglite', dataDir })
for (let i = 0; ; i++) {
  const [row] = await handle.db
    .insert(organisations)
    .values({ name: `durable-${i}` })
    .returning()
  process.stdout.write(`committed ${row?.id}\n`)
}
