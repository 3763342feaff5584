import { parseArgs } from 'node:util'
import { DEFAULT_OBJECTION_TYPES } from '@dealcoach/playbooks/default-objection-types'
import { DEFAULT_PIPELINE } from '@dealcoach/playbooks/default-pipeline'
import pg from 'pg'
import { migrateDatabase, openDatabase } from '../db/client.js'

/**
 * `npm run seed:scale -- --deals 100000 [--engagements-per-deal 10] [--database-url …]`: fills a
 * PostgreSQL database with one organisation and its deals, engagements and analysis rows for the
 * bench (DESIGN §9). Rows are made inside PostgreSQL with generate_series, one statement per
 * table: no rows travel over the wire at all, which beats COPY from the client and needs no
 * extra dependency. Never used by the tests.
 */
const { values } = parseArgs({
  options: {
    deals: { type: 'string', default: '100000' },
    'engagements-per-deal': { type: 'string', default: '10' },
    'database-url': { type: 'string' },
  },
})

const dealCount = Number(values.deals)
const perDeal = Number(values['engagements-per-deal'])
const url = values['database-url'] ?? process.env.DATABASE_URL

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now()
  const result = await work()
  console.log(`${label}: ${Date.now() - started} ms`)
  return result
}

async function main() {
  if (!url) throw new Error('seed:scale needs PostgreSQL: pass --database-url or set DATABASE_URL')
  if (!Number.isInteger(dealCount) || dealCount < 1) throw new Error('--deals: a positive integer')
  if (!Number.isInteger(perDeal) || perDeal < 1) throw new Error('--engagements-per-deal: ≥ 1')
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 })
  await migrateDatabase(handle)
  await handle.close()
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await seed(client)
  } finally {
    await client.end()
  }
}

async function seed(client: pg.Client) {
  const one = async (text: string, params: unknown[] = []) =>
    (await client.query<{ id: string }>(text, params)).rows
  await client.query('begin')
  const [organisation] = await one(
    `insert into organisations (name, product_name, product_description)
     values ($1, 'Bench Product', 'A product for the scale bench') returning id`,
    [`Scale bench ${new Date().toISOString()}`],
  )
  const org = organisation?.id ?? ''
  const owners = await one(
    `insert into users (organisation_id, email, first_name, last_name, role)
     select $1::uuid, 'bench-' || $1::text || '-' || g || '@bench.example', 'Rep', 'Number ' || g,
            case when g = 1 then 'admin'::user_role else 'member'::user_role end
     from generate_series(1, 20) g returning id`,
    [org],
  )
  const [pipeline] = await one(
    `insert into pipelines (organisation_id, name) values ($1, $2) returning id`,
    [org, DEFAULT_PIPELINE.name],
  )
  const pipelineId = pipeline?.id ?? ''
  const stageIds: string[] = []
  const actionIds: string[] = []
  for (const [position, stage] of DEFAULT_PIPELINE.stages.entries()) {
    const [row] = await one(
      `insert into stages (organisation_id, pipeline_id, name, position) values ($1, $2, $3, $4) returning id`,
      [org, pipelineId, stage.name, position],
    )
    stageIds.push(row?.id ?? '')
    for (const [actionPosition, action] of stage.actions.entries()) {
      const [actionRow] = await one(
        `insert into actions (organisation_id, pipeline_id, stage_id, name, description, position)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [org, pipelineId, row?.id, action.name, action.description, actionPosition],
      )
      actionIds.push(actionRow?.id ?? '')
    }
  }
  const typeIds = await one(
    `insert into objection_types (id, organisation_id, name, description, source, approved)
     select gen_random_uuid(), $1, t.name, t.description, 'system', true
     from unnest($2::text[], $3::text[]) as t(name, description) returning id`,
    [
      org,
      DEFAULT_OBJECTION_TYPES.map((type) => type.name),
      DEFAULT_OBJECTION_TYPES.map((type) => type.description),
    ],
  )
  const ownerIds = owners.map((row) => row.id)
  const typeIdList = typeIds.map((row) => row.id)

  await timed(`deals (${dealCount})`, () =>
    client.query(
      `insert into deals (organisation_id, pipeline_id, stage_id, owner_id, name, account_name, amount, currency,
                          close_date, status, source, last_activity_at, created_at, updated_at)
       select $1, $2, ($3::uuid[])[1 + g % cardinality($3::uuid[])], ($4::uuid[])[1 + g % cardinality($4::uuid[])],
              'Bench deal ' || g, 'Bench account ' || (g % 5000), (1000 + (g * 7919) % 200000)::numeric, 'USD',
              (now() + ((g % 240) - 120) * interval '1 day')::date,
              (case g % 5 when 0 then 'won' when 1 then 'lost' else 'open' end)::deal_status, 'import',
              now() - (g % 270) * interval '1 day', now() - (g % 270 + 30) * interval '1 day', now()
       from generate_series(1, $5) g`,
      [org, pipelineId, stageIds, ownerIds, dealCount],
    ),
  )
  await timed('stage history', () =>
    client.query(
      `insert into deal_stage_history (organisation_id, deal_id, from_stage_id, to_stage_id, changed_at)
       select organisation_id, id, null, stage_id, created_at from deals where organisation_id = $1`,
      [org],
    ),
  )
  await timed(`engagements (${dealCount * perDeal})`, () =>
    client.query(
      `insert into engagements (organisation_id, deal_id, type, name, occurred_at, direction,
                                participants, body, utterances)
       select d.organisation_id, d.id,
              (case when g % 2 = 0 then 'transcript' else 'email' end)::engagement_type,
              'Bench engagement ' || g, d.created_at + g * interval '2 days',
              case when g % 2 = 0 then null else 'inbound' end,
              '["Rep", "Buyer"]'::jsonb,
              'Rep: How is the forecast going? Buyer: Honestly the price is a concern for us.',
              '[{"speaker":"Rep","role":"seller","text":"How is the forecast going?","start_ms":0},
                {"speaker":"Buyer","role":"buyer","text":"Honestly the price is a concern for us.","start_ms":2400}]'::jsonb
       from deals d cross join generate_series(1, $2) g where d.organisation_id = $1`,
      [org, perDeal],
    ),
  )
  await timed('action results', () =>
    client.query(
      `insert into action_results (organisation_id, deal_id, action_id, status, summary, results)
       select d.organisation_id, d.id, a.id,
              case (abs(hashtext(d.id::text || a.id::text)) % 3) when 0 then 'Completed' when 1 then 'In progress' else 'Pending' end,
              'Bench summary', '[]'::jsonb
       from deals d cross join unnest($2::uuid[]) as a(id) where d.organisation_id = $1`,
      [org, actionIds],
    ),
  )
  await timed('objections', () =>
    client.query(
      `insert into objections (organisation_id, objection_type_id, deal_id, engagement_id, utterance_index,
                               text, speaker, handled, handling_score, occurred_at)
       select e.organisation_id, ($2::uuid[])[1 + abs(hashtext(e.id::text)) % cardinality($2::uuid[])],
              e.deal_id, e.id, 1, 'Honestly the price is a concern for us.', 'Buyer',
              abs(hashtext(e.id::text)) % 2 = 0, (abs(hashtext(e.id::text)) % 100) / 100.0, e.occurred_at
       from engagements e where e.organisation_id = $1 and e.type = 'transcript'`,
      [org, typeIdList],
    ),
  )
  await timed('deal assessments', () =>
    client.query(
      `insert into deal_assessments (organisation_id, deal_id, solution_fit_tier, confidence)
       select organisation_id, id, 1 + abs(hashtext(id::text)) % 4, abs(hashtext(id::text)) % 100
       from deals where organisation_id = $1`,
      [org],
    ),
  )
  // The deals list sorts on the copy of the current assessment's confidence that deals keep.
  await timed('deal confidence', () =>
    client.query(
      `update deals set confidence = abs(hashtext(id::text)) % 100 where organisation_id = $1`,
      [org],
    ),
  )
  await timed('commit', () => client.query('commit'))
  await timed('analyze', () => client.query('analyze'))
  console.log(`Seeded organisation ${org}`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
