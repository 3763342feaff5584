import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, it } from 'vitest'
import { importLayers } from './import-layers.js'

RuleTester.describe = describe
RuleTester.it = it
RuleTester.itOnly = it.only

// The cycle check reads the other files of a cycle from disk, so the server tree is real files.
const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'import-layers-')))
const src = path.join(root, 'apps', 'server', 'src')
const files = {
  'modules/deals/deals.repository.ts': `export const countDeals = () => 0\n`,
  'modules/deals/deals.service.ts': `import { countDeals } from './deals.repository.js'\nexport const deals = { countDeals }\n`,
  'modules/mail/mail.queues.ts': `export const QUEUE = 'mail'\n`,
  'modules/mail/mail.service.ts': `export const mail = {}\n`,
  'modules/mail/mail-transport.ts': `export const transport = {}\n`,
  'jobs/queue-definition.ts': `export const handleJobs = () => []\n`,
  // a.service → b.service → a.service at run time; c-types and c.mappers import each other only for types.
  'modules/a/a.service.ts': `import { b } from '../b/b.service.js'\nexport const a = b\n`,
  'modules/b/b.service.ts': `import { a } from '../a/a.service.js'\nexport const b = a\n`,
  'modules/c/c-types.ts': `import type { C } from './c.mappers.js'\nexport type T = C\n`,
  'modules/c/c.mappers.ts': `import type { T } from './c-types.js'\nexport type C = T\n`,
}
for (const [name, text] of Object.entries(files)) {
  const file = path.join(src, name)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, text)
}
const at = (name) => path.join(src, name)

const ruleTester = new RuleTester({ languageOptions: { parser: tseslint.parser } })

ruleTester.run('import-layers (server)', importLayers, {
  valid: [
    {
      filename: at('modules/deals/deals.service.ts'),
      code: files['modules/deals/deals.service.ts'],
    },
    {
      filename: at('modules/onboarding/onboarding.service.ts'),
      code: `import type { DealsService } from '../deals/deals.service.js'\nexport type D = DealsService\n`,
    },
    {
      filename: at('modules/mail/mail.jobs.ts'),
      code: [
        `import { handleJobs } from '../../jobs/queue-definition.js'`,
        `import { QUEUE } from './mail.queues.js'`,
        `import type { mail } from './mail.service.js'`,
        `import { z } from 'zod'`,
        `export const jobs = [handleJobs, QUEUE, z]`,
      ].join('\n'),
    },
    // Type-only imports are erased, so they make no cycle.
    { filename: at('modules/c/c-types.ts'), code: files['modules/c/c-types.ts'] },
  ],
  invalid: [
    {
      filename: at('modules/onboarding/onboarding.service.ts'),
      code: `import { countDeals } from '../deals/deals.repository.js'\nexport const n = countDeals\n`,
      errors: [
        {
          message: `module "onboarding" must not import module "deals"'s repository ("../deals/deals.repository.js"); call the deals service instead`,
        },
      ],
    },
    {
      filename: at('modules/mail/mail.jobs.ts'),
      code: `import { transport } from './mail-transport.js'\nexport const t = transport\n`,
      errors: [
        {
          message: `a *.jobs.ts file may import only services, *.queues.ts and jobs/ ("./mail-transport.js")`,
        },
      ],
    },
    {
      filename: at('modules/a/a.service.ts'),
      code: files['modules/a/a.service.ts'],
      errors: [
        {
          message:
            'import cycle: modules/a/a.service.ts → modules/b/b.service.ts → modules/a/a.service.ts',
        },
      ],
    },
    {
      // One report per file, however many of its imports lead back to it.
      filename: at('modules/b/b.service.ts'),
      code: `import { a } from '../a/a.service.js'\nexport { a as again } from '../a/a.service.js'\nexport const b = a\n`,
      errors: [
        {
          message:
            'import cycle: modules/b/b.service.ts → modules/a/a.service.ts → modules/b/b.service.ts',
        },
      ],
    },
    {
      filename: at('modules/pipelines/pipelines.repository.ts'),
      code: `import { deals } from '../deals/deals.service.js'\nexport const d = deals\n`,
      errors: [{ message: 'a repository must not import a service ("../deals/deals.service.js")' }],
    },
  ],
})
