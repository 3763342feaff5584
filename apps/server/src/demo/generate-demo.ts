import { DEFAULT_OBJECTION_TYPES } from '@dealcoach/playbooks/default-objection-types'
import { DEFAULT_PIPELINE } from '@dealcoach/playbooks/default-pipeline'
import * as P from './demo-phrases.js'

/** A small seeded PRNG (mulberry32): the demo must be the same on every install. */
export function createRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
  const chance = (probability: number) => next() < probability
  return { next, int, pick, chance }
}
export type Random = ReturnType<typeof createRandom>

export interface DemoUtterance {
  speaker: string
  role: 'seller' | 'buyer'
  text: string
  start_ms: number
}

export interface DemoEngagement {
  type: 'transcript' | 'email'
  name: string
  occurredAt: Date
  direction: 'inbound' | 'outbound' | null
  participants: string[]
  body: string
  utterances: DemoUtterance[]
  /** The default objection types (playbook keys) the text raises: the tests check coverage. */
  objectionKeys: string[]
}

export interface DemoContact {
  name: string
  email: string
  title: string
  role: string
}

export interface DemoStageChange {
  fromStage: number | null
  toStage: number
  changedAt: Date
}

export interface DemoDeal {
  pipeline: number
  stage: number
  owner: number
  name: string
  company: string
  amount: number
  currency: string
  closeDate: string
  status: 'open' | 'won' | 'lost'
  createdAt: Date
  lastActivityAt: Date
  history: DemoStageChange[]
  contacts: DemoContact[]
  engagements: DemoEngagement[]
}

export interface DemoUser {
  firstName: string
  lastName: string
  email: string
  role: 'admin' | 'member'
}

export interface DemoPipeline {
  name: string
  stages: { name: string; actions: { name: string; description: string }[] }[]
}

export interface DemoWorkspace {
  organisationName: string
  product: {
    name: string
    description: string
    valuePropositions: string[]
    differentiators: string[]
    idealCustomerProfile: string
    competitors: string[]
  }
  pipelines: DemoPipeline[]
  users: DemoUser[]
  deals: DemoDeal[]
}

export const DEMO_ADMIN_EMAIL = 'demo@dealcoach.local'
export const DEMO_ORGANISATION_NAME = 'Northwind Analytics'

const DAY_MS = 24 * 60 * 60 * 1000

const PRODUCT: DemoWorkspace['product'] = {
  name: 'Northwind Forecast',
  description:
    'A revenue analytics platform that pulls CRM, e-mail and calendar data into one live pipeline view and predicts which deals will close.',
  valuePropositions: [
    'forecasts land within a few percent of the actual number',
    'reps stop spending Monday mornings on spreadsheets',
    'managers see slipping deals weeks earlier',
    'new reps ramp up faster with deal coaching',
  ],
  differentiators: [
    'the forecast model explains every prediction deal by deal',
    'it connects to the CRM read-only in under an hour',
    'data stays hosted in the EU with SOC 2 Type II controls',
  ],
  idealCustomerProfile:
    'B2B companies with 20 to 500 sellers, a CRM in place and a revenue operations function.',
  competitors: ['Clarivue', 'ForecastHub', 'PipeSight'],
}

const FEATURES = [
  'the deal risk radar',
  'the automatic forecast roll-up',
  'the rep coaching scorecards',
  'the pipeline change log',
  'the what-if scenario planner',
]

const EXPANSION: DemoPipeline = {
  name: 'Expansion',
  stages: [
    {
      name: 'Account review',
      actions: [
        {
          name: 'Review adoption with the customer',
          description:
            'Go through how the current teams use the product, which features they rely on and where usage is low.',
        },
        {
          name: 'Find new teams with the same problem',
          description:
            'Ask which other departments or regions struggle with the same problem and who leads them.',
        },
      ],
    },
    {
      name: 'Business case',
      actions: [
        {
          name: 'Quantify results so far',
          description:
            'Put numbers on what the product already changed: hours saved, forecast accuracy, revenue protected.',
        },
        {
          name: 'Agree the expansion scope',
          description: 'Agree which teams, how many seats and from when, and who approves it.',
        },
      ],
    },
    {
      name: 'Commercials',
      actions: [
        {
          name: 'Send the expansion offer',
          description: 'Send pricing for the added seats and the timeline in writing.',
        },
        {
          name: 'Confirm the signatory',
          description: 'Confirm who signs the order form and when.',
        },
      ],
    },
  ],
}

const RENEWALS: DemoPipeline = {
  name: 'Renewals',
  stages: [
    {
      name: 'Health check',
      actions: [
        {
          name: 'Check customer health',
          description:
            'Ask how satisfied the customer is, whether the goals from the start were met and what is missing.',
        },
      ],
    },
    {
      name: 'Renewal proposal',
      actions: [
        {
          name: 'Present the renewal offer',
          description: 'Present renewal pricing, term and any changes, and ask for feedback.',
        },
        {
          name: 'Surface renewal risks',
          description:
            'Ask openly about budget cuts, competitors being evaluated or a change of decision maker.',
        },
      ],
    },
    {
      name: 'Signature',
      actions: [
        {
          name: 'Agree the renewal terms',
          description: 'Agree the final term, price and payment conditions and who signs.',
        },
      ],
    },
  ],
}

function newBusiness(): DemoPipeline {
  return {
    name: DEFAULT_PIPELINE.name,
    stages: DEFAULT_PIPELINE.stages.map((stage) => ({
      name: stage.name,
      actions: stage.actions.map(({ name, description }) => ({ name, description })),
    })),
  }
}

const REP_NAMES: [string, string][] = [
  ['Dana', 'Whitfield'],
  ['Marco', 'Bianchi'],
  ['Aisha', 'Rahman'],
  ['Tom', 'Lindqvist'],
  ['Sofia', 'Marquez'],
  ['Kenji', 'Watanabe'],
  ['Leah', 'Brennan'],
  ['Omar', 'Haddad'],
]

function repEmail([firstName, lastName]: readonly [string, string]) {
  return `${firstName.toLowerCase()}.${lastName.toLowerCase()}@dealcoach.local`
}

/** The rep whose sign-in the start-up line offers for trying a member's (read-only) view. */
export const DEMO_MEMBER_EMAIL = repEmail(REP_NAMES[1] ?? ['Marco', 'Bianchi'])

function demoUsers(): DemoUser[] {
  return REP_NAMES.map((name, index) => ({
    firstName: name[0],
    lastName: name[1],
    email: index === 0 ? DEMO_ADMIN_EMAIL : repEmail(name),
    role: index === 0 ? 'admin' : 'member',
  }))
}

/** Fills `{name}` placeholders; unknown names stay visible so a broken template shows. */
export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole)
}

/**
 * The economic buyer as the phrases name them: by name when the deal has one among its contacts,
 * else by title; capitalised to open a sentence, and with the title before the name.
 */
function economicBuyerVars(name: string | undefined): Record<string, string> {
  return {
    economic: name ?? 'our CFO',
    Economic: name ?? 'Our CFO',
    economicWithTitle: name ? `Our CFO, ${name},` : 'Our CFO',
  }
}

function formatAmount(amount: number, currency: string) {
  const symbol = currency === 'EUR' ? '€' : currency === 'GBP' ? '£' : '$'
  return `${symbol}${amount.toLocaleString('en-US')}`
}

interface DealContext {
  vars: Record<string, string>
  repName: string
  buyers: DemoContact[]
}

class TranscriptWriter {
  readonly utterances: DemoUtterance[] = []
  private clock = 0
  constructor(
    private readonly random: Random,
    private readonly context: DealContext,
  ) {}

  say(role: 'seller' | 'buyer', template: string, speaker?: string) {
    const text = fill(template, this.context.vars)
    const name =
      speaker ??
      (role === 'seller' ? this.context.repName : this.random.pick(this.context.buyers).name)
    this.utterances.push({ speaker: name, role, text, start_ms: this.clock })
    // Roughly 2.5 words a second plus a pause between speakers.
    this.clock += text.split(' ').length * 400 + this.random.int(300, 2500)
  }
}

/**
 * A buyer's objection: one of its type's wordings, explicit or implied, now and then led into or
 * followed on as people do (demo-phrases.ts). A question, or a wording with a lead-in of its own,
 * keeps its start.
 */
function buyerObjection(random: Random, phrases: P.ObjectionPhrases): string {
  const core = random.pick(random.chance(0.5) ? phrases.explicit : phrases.implicit)
  const ownStart = core.endsWith('?') || /^[^ ]+,/.test(core)
  const leadIn = !ownStart && random.chance(0.4) ? random.pick(P.OBJECTION_LEAD_INS) : undefined
  const started = leadIn === undefined ? core : `${leadIn} ${continuedSentence(core)}`
  return random.chance(0.3) ? `${started} ${random.pick(P.OBJECTION_FOLLOW_ONS)}` : started
}

/** A sentence written on after a lead-in: lower-case but for "I" and a {placeholder}. */
function continuedSentence(sentence: string): string {
  return /^(I\b|\{)/.test(sentence)
    ? sentence
    : sentence.charAt(0).toLowerCase() + sentence.slice(1)
}

function writeCall(
  random: Random,
  context: DealContext,
  objectionKeys: string[],
  skilled: boolean,
  actionTalk: readonly (readonly [string, string])[],
): DemoUtterance[] {
  const call = new TranscriptWriter(random, context)
  const buyer = context.buyers[0]?.name
  call.say('seller', random.pick(P.OPENINGS.seller))
  call.say('buyer', random.pick(P.OPENINGS.buyer), buyer)
  if (random.chance(0.6)) {
    const start = random.int(0, P.SMALL_TALK.length / 2 - 1) * 2
    for (const [role, line] of P.SMALL_TALK.slice(start, start + 2)) call.say(role, line)
  }
  const discoveryRounds = random.int(skilled ? 2 : 1, skilled ? 4 : 2)
  for (let round = 0; round < discoveryRounds; round++) {
    call.say('seller', random.pick(P.DISCOVERY.questions))
    call.say('buyer', random.pick(P.DISCOVERY.answers))
  }
  call.say('seller', random.pick(P.PITCH))
  for (const key of objectionKeys) {
    const phrases = P.OBJECTIONS[key]
    if (!phrases) continue
    call.say('buyer', buyerObjection(random, phrases))
    const handled = skilled ? random.chance(0.8) : random.chance(0.3)
    call.say('seller', random.pick(handled ? phrases.goodHandling : phrases.poorHandling))
    if (handled && random.chance(0.5)) call.say('buyer', 'Okay, that helps. Send me that, please.')
  }
  for (const [seller, buyer] of actionTalk) {
    call.say('seller', seller)
    call.say('buyer', buyer)
  }
  if (random.chance(0.5)) {
    call.say('seller', random.pick(P.PRICING.seller))
    call.say('buyer', random.pick(P.PRICING.buyer))
  }
  if (skilled || random.chance(0.3)) {
    call.say('seller', random.pick(P.NEXT_STEPS.good))
    call.say('buyer', random.pick(P.NEXT_STEPS.buyerAccept))
  } else {
    call.say('seller', random.pick(P.NEXT_STEPS.vague))
  }
  call.say('seller', random.pick(P.CLOSINGS.seller))
  call.say('buyer', random.pick(P.CLOSINGS.buyer))
  return call.utterances
}

/** Exchanges on the reached stages' actions: skilled reps work on more of them. */
function actionTalk(random: Random, stages: DemoPipeline['stages'], skilled: boolean) {
  return stages.flatMap((stage) =>
    stage.actions.flatMap(({ name }) => {
      const variants = P.ACTION_TALK[name]
      return variants && random.chance(skilled ? 0.6 : 0.25) ? [random.pick(variants)] : []
    }),
  )
}

function writeEmail(
  random: Random,
  context: DealContext,
  objectionKey: string | undefined,
  skilled: boolean,
): Omit<DemoEngagement, 'occurredAt' | 'type'> {
  const buyer = random.pick(context.buyers)
  const inbound = objectionKey !== undefined || random.chance(0.3)
  const phrases = objectionKey ? P.OBJECTIONS[objectionKey] : undefined
  const vars = {
    ...context.vars,
    buyer: buyer.name.split(' ')[0] ?? buyer.name,
    nextStep: fill(random.pick(skilled ? P.NEXT_STEPS.good : P.NEXT_STEPS.vague), context.vars),
    objection: phrases ? fill(buyerObjection(random, phrases), context.vars) : 'Looks good so far.',
    handling: fill(
      random.pick(
        P.OBJECTIONS[random.pick(Object.keys(P.OBJECTIONS))]?.goodHandling ?? ['Any questions?'],
      ),
      context.vars,
    ),
  }
  const subject = fill(random.pick(P.EMAIL.subjects), vars)
  const body = fill(
    random.pick(
      inbound
        ? phrases
          ? P.EMAIL.buyerBodies.slice(0, 2)
          : P.EMAIL.buyerBodies.slice(2)
        : P.EMAIL.sellerBodies,
    ),
    vars,
  )
  const from = inbound ? buyer.email : (context.vars.repEmail ?? '')
  const to = inbound ? (context.vars.repEmail ?? '') : buyer.email
  return {
    name: subject,
    direction: inbound ? 'inbound' : 'outbound',
    participants: [from, to],
    body,
    utterances: [
      {
        speaker: inbound ? buyer.name : context.repName,
        role: inbound ? 'buyer' : 'seller',
        text: body,
        start_ms: 0,
      },
    ],
    objectionKeys: objectionKey ? [objectionKey] : [],
  }
}

/**
 * A company whose first two words, which name its deal, no earlier deal used: a board with two
 * "Rapid Media – Expansion" cards reads as a bug. Names repeat only once every pair is taken.
 */
function companyName(random: Random, taken: Set<string>) {
  const { first, second, suffix } = P.COMPANY_PARTS
  let name: string
  do {
    name = `${random.pick(first)} ${random.pick(second)}`
  } while (taken.has(name) && taken.size < first.length * second.length)
  taken.add(name)
  return `${name} ${random.pick(suffix)}`
}

/** A company's web domain, from its name without the legal suffix: "Polar Manufacturing Inc." → polarmanufacturing.example. */
function domainOf(company: string) {
  const name = company.split(' ').slice(0, 2).join('')
  return `${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`
}

function dealContacts(random: Random, company: string): DemoContact[] {
  const count = random.int(2, 4)
  const titles = [...P.CONTACT_TITLES].sort(() => random.next() - 0.5).slice(0, count)
  return titles.map(([title, role]) => {
    const first = random.pick(P.NAMES.first)
    const last = random.pick(P.NAMES.last)
    return {
      name: `${first} ${last}`,
      email: `${first}.${last}@${domainOf(company)}`.toLowerCase(),
      title,
      role,
    }
  })
}

export interface GenerateDemoOptions {
  seed?: number
  /** The generation moment; deals fall in the nine months before it. */
  now?: Date
  deals?: number
}

/** The whole demo workspace as plain data: deterministic for a seed and a `now`. */
export function generateDemo(options: GenerateDemoOptions = {}): DemoWorkspace {
  const random = createRandom(options.seed ?? 20261123)
  const now = options.now ?? new Date()
  const dealCount = options.deals ?? 240
  const pipelines = [newBusiness(), EXPANSION, RENEWALS]
  const users = demoUsers()
  const objectionKeys = DEFAULT_OBJECTION_TYPES.map((type) => type.key)
  const deals: DemoDeal[] = []
  const companies = new Set<string>()
  for (let index = 0; index < dealCount; index++) {
    // Every objection type appears at least once, whatever the seed: the first deals cycle them.
    const forced = objectionKeys[index % objectionKeys.length] ?? 'price_budget'
    deals.push(
      generateDeal(random, { now, index, pipelines, users, objectionKeys, forced, companies }),
    )
  }
  return { organisationName: DEMO_ORGANISATION_NAME, product: PRODUCT, pipelines, users, deals }
}

interface DealInput {
  now: Date
  index: number
  pipelines: DemoPipeline[]
  users: DemoUser[]
  objectionKeys: string[]
  forced: string
  /** The company names earlier deals took. */
  companies: Set<string>
}

function generateDeal(random: Random, input: DealInput): DemoDeal {
  const { now, pipelines, users, objectionKeys, forced, companies } = input
  const pipelineIndex = random.chance(0.6) ? 0 : random.chance(0.5) ? 1 : 2
  const pipeline = pipelines[pipelineIndex] as DemoPipeline
  const ownerIndex = random.int(0, users.length - 1)
  const owner = users[ownerIndex] as DemoUser
  const company = companyName(random, companies)
  const createdAt = new Date(now.getTime() - random.int(5, 270) * DAY_MS - random.int(0, DAY_MS))
  const age = now.getTime() - createdAt.getTime()
  // Whether this deal was worked well: mostly its rep's habit (two reps in three are skilled),
  // not always. Its outcome leans on that, as real outcomes do, so the closed deals' analysed
  // confidence can be held against how they ended (the confidence report's calibration): the
  // outcome is never written into the calls, only how they went.
  const skilled = random.chance(ownerIndex % 3 !== 2 ? 0.8 : 0.25)
  const status: DemoDeal['status'] =
    age < 60 * DAY_MS || random.chance(0.5)
      ? 'open'
      : random.chance(skilled ? 0.7 : 0.2)
        ? 'won'
        : 'lost'
  const lastStage = pipeline.stages.length - 1
  const stage = status === 'won' ? lastStage : random.int(0, lastStage)
  const history = stageHistory(random, createdAt, now, stage)
  const amount = random.int(8, 180) * 500
  const currency = random.pick(['USD', 'USD', 'EUR', 'GBP'])
  const contacts = dealContacts(random, company)
  const seats = Math.max(5, Math.round(amount / 1200))
  const context: DealContext = {
    repName: `${owner.firstName} ${owner.lastName}`,
    buyers: contacts,
    vars: {
      product: PRODUCT.name,
      company,
      competitor: random.pick(PRODUCT.competitors),
      feature: random.pick(FEATURES),
      value: random.pick(PRODUCT.valuePropositions),
      differentiator: random.pick(PRODUCT.differentiators),
      amount: formatAmount(amount, currency),
      seats: String(seats),
      weeks: String(random.int(3, 8)),
      hours: String(random.int(4, 30)),
      percent: String(random.int(8, 35)),
      buyer: (contacts[0]?.name ?? '').split(' ')[0] ?? '',
      ...economicBuyerVars(contacts.find((c) => c.role === 'economic_buyer')?.name),
      rep: owner.firstName,
      repEmail: owner.email,
      tool: random.pick(P.TOOLS),
      team: random.pick(P.TEAMS),
      city: random.pick(P.CITIES),
      day: random.pick(P.DAYS),
    },
  }
  const lastChange = history[history.length - 1]?.changedAt ?? createdAt
  const end =
    status === 'open' ? now : new Date(Math.min(now.getTime(), lastChange.getTime() + 7 * DAY_MS))
  const engagements = dealEngagements(random, context, {
    from: createdAt,
    to: end,
    count: random.int(2, 3 + stage),
    objectionKeys,
    forced,
    skilled,
    status,
    stages: pipeline.stages.slice(0, stage + 1),
    history,
  })
  const closeDate = status === 'open' ? new Date(now.getTime() + random.int(10, 120) * DAY_MS) : end
  return {
    pipeline: pipelineIndex,
    stage,
    owner: ownerIndex,
    name: `${company.split(' ').slice(0, 2).join(' ')} – ${pipeline.name}`,
    company,
    amount,
    currency,
    closeDate: closeDate.toISOString().slice(0, 10),
    status,
    createdAt,
    lastActivityAt: engagements.reduce(
      (latest, e) => (e.occurredAt > latest ? e.occurredAt : latest),
      createdAt,
    ),
    history,
    contacts,
    engagements,
  }
}

/** One change per stage reached, in stage order and time order, all before `now`. */
function stageHistory(random: Random, createdAt: Date, now: Date, stage: number) {
  const history: DemoStageChange[] = [{ fromStage: null, toStage: 0, changedAt: createdAt }]
  const span = now.getTime() - createdAt.getTime()
  let at = createdAt.getTime()
  for (let next = 1; next <= stage; next++) {
    at += Math.max(60_000, Math.floor((span / (stage + 1)) * (0.4 + random.next() * 0.6)))
    history.push({
      fromStage: next - 1,
      toStage: next,
      changedAt: new Date(Math.min(at, now.getTime() - 60_000)),
    })
  }
  return history
}

function dealEngagements(
  random: Random,
  context: DealContext,
  plan: {
    from: Date
    to: Date
    count: number
    objectionKeys: string[]
    forced: string
    skilled: boolean
    /** Won or lost: `to` is when it closed. */
    status: DemoDeal['status']
    /** The stages the deal reached, in order: a call discusses those reached by its day. */
    stages: DemoPipeline['stages']
    history: DemoStageChange[]
  },
): DemoEngagement[] {
  const span = Math.max(DAY_MS, plan.to.getTime() - plan.from.getTime())
  const result: DemoEngagement[] = []
  for (let index = 0; index < plan.count; index++) {
    // A closed deal's last conversation is its closing call, in the week before it closed: a won
    // deal's goes well, a lost one's ends on an objection the rep could not answer.
    const closing = plan.status !== 'open' && index === plan.count - 1
    const skilled = closing ? plan.status === 'won' : plan.skilled
    const occurredAt = new Date(
      closing
        ? plan.to.getTime() - random.int(0, 6 * DAY_MS)
        : plan.from.getTime() + Math.floor((span * (index + random.next())) / (plan.count + 1)),
    )
    const keys = index === 0 ? [plan.forced] : []
    if (random.chance(0.6) || (closing && plan.status === 'lost')) {
      keys.push(random.pick(plan.objectionKeys))
    }
    if (index === 0 || closing || random.chance(0.55)) {
      const stageIndex = stageOn(plan.history, occurredAt)
      const reached = plan.stages.slice(0, stageIndex + 1)
      const talk = actionTalk(random, reached, skilled)
      const utterances = writeCall(random, context, [...new Set(keys)], skilled, talk)
      result.push({
        type: 'transcript',
        name: `${random.pick(callNames(plan.stages[stageIndex]?.name, stageIndex))} with ${context.vars.company}`,
        occurredAt,
        direction: null,
        participants: [...new Set(utterances.map((u) => u.speaker))],
        body: utterances.map((u) => `${u.speaker}: ${u.text}`).join('\n'),
        utterances,
        objectionKeys: [...new Set(keys)],
      })
    } else {
      result.push({
        type: 'email',
        occurredAt,
        ...writeEmail(random, context, keys[0], skilled),
      })
    }
  }
  return result
}

/** The stage a deal was in at `at`, by its history (which starts with its first stage). */
function stageOn(history: readonly DemoStageChange[], at: Date): number {
  let stage = 0
  for (const change of history) if (change.changedAt <= at) stage = change.toStage
  return stage
}

/** What a call in this stage is called: a discovery call only while the deal is in its first. */
function callNames(stage: string | undefined, index: number): string[] {
  if (index === 0) return ['Discovery call', 'Intro call', 'Follow-up call']
  return [`${stage ?? 'Follow-up'} call`, 'Follow-up call', 'Check-in', 'Review meeting']
}
