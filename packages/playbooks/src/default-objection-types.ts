import type { DefaultObjectionType } from './playbook-types.js'

/**
 * The objection types every new organisation starts with, and the ones `npm run eval` scores
 * the engine against: the keys are the eval files' labels (shared/eval/README.md). The engine
 * classifies by name, description and examples, so these texts are what the eval measures;
 * organisations edit or replace them afterwards. Examples are generic, written for the product.
 */
export const DEFAULT_OBJECTION_TYPES: readonly DefaultObjectionType[] = [
  {
    key: 'price_budget',
    name: 'Price / budget',
    description:
      'Too expensive, no budget, cheaper elsewhere, cannot justify the cost or the spend; the price or fee is higher than expected; cannot afford it, money is tight.',
    examples: [
      'That is way more than we pay today.',
      'We simply do not have the budget for this.',
      'I can get something similar for half the price.',
      'Hard to justify that kind of spend right now.',
      'Can you come down on the price? I was thinking more like 200.',
    ],
  },
  {
    key: 'timing_priority',
    name: 'Timing / priority',
    description:
      'Not now, next quarter or next year, other priorities, too busy, wait until later, need time to think about it, will decide later.',
    examples: [
      'Let us revisit this after the busy season.',
      'We have bigger priorities this quarter.',
      'Give me some time to think it over.',
      'Check back with me next year.',
    ],
  },
  {
    key: 'competitor_status_quo',
    name: 'Competitor / status quo',
    description:
      'Already use another tool or vendor, happy with the current process or provider, building it in-house, prefer what we do today or another option.',
    examples: [
      'We already have a provider for that.',
      'Our current process works fine for us.',
      'We could just build this ourselves.',
      'I usually go with a different option.',
    ],
  },
  {
    key: 'authority_process',
    name: 'Authority / decision process',
    description:
      'Not the decision maker, needs approval or sign-off from a boss, board or committee, procurement rules, formal RFP or competitive quotes required.',
    examples: [
      'I will have to run this by my manager.',
      'Anything this size goes to the committee for approval.',
      'Procurement requires competitive bids first.',
    ],
  },
  {
    key: 'need_fit',
    name: 'Need / fit',
    description:
      'No real need, does not fit the workflow or size, missing feature, does not work for us, not interested, do not want it.',
    examples: [
      'I do not really see the problem this solves for us.',
      'That just does not fit the way our team works.',
      'Without that feature it is not useful to us.',
      'I am not interested in that.',
    ],
  },
  {
    key: 'trust_risk',
    name: 'Trust / risk',
    description:
      'Unknown vendor, asks for references or proof, fear of failure, doubts it is legitimate or that it delivers what is promised, bad past experience.',
    examples: [
      'I have never heard of your company.',
      'We were burned by the last vendor who promised this.',
      'How do I know it will actually work?',
      'What happens if it breaks during our busiest week?',
    ],
  },
  {
    key: 'technical_integration',
    name: 'Technical / integration',
    description:
      'Integration with existing systems, implementation effort, data migration, technical compatibility, connectors and APIs, engineering staff needed.',
    examples: [
      'It has to connect to the system we already run.',
      'Migrating all our data sounds like months of work.',
      'We do not have engineers to build a custom connector.',
    ],
  },
  {
    key: 'security_compliance',
    name: 'Security / compliance',
    description:
      'Security review, SOC 2, GDPR, HIPAA, data residency, privacy, permissions and access, audit and regulatory requirements.',
    examples: [
      'Our security team will need to review your access.',
      'Customer data has to stay in our region.',
      'We need your audit report before going further.',
    ],
  },
  {
    key: 'contract_terms',
    name: 'Contract / terms',
    description:
      'Contract length, multi-year lock-in, legal terms, renewal and cancellation, termination rights, liability caps, notice periods.',
    examples: [
      'We only sign annual agreements.',
      'The auto-renewal clause has to come out.',
      'Our lawyers want a higher liability cap.',
    ],
  },
]
