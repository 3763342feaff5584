/**
 * What a new organisation starts with: the default objection types and the "New Business"
 * pipeline (shared/eval/README.md lists both; the engine is measured against these keys).
 * Organisations edit or replace them afterwards.
 */

export interface SeedObjectionType {
  key: string
  name: string
  description: string
  examples: string[]
}

export const DEFAULT_OBJECTION_TYPES: readonly SeedObjectionType[] = [
  {
    key: 'price_budget',
    name: 'Price / budget',
    description: 'Too expensive, no budget, cheaper elsewhere, cannot justify cost',
    examples: ['We do not have budget set aside for this.', 'That is more than we pay today.'],
  },
  {
    key: 'timing_priority',
    name: 'Timing / priority',
    description: 'Not now, next quarter, other priorities, too busy',
    examples: ['Let us pick this up again next quarter.', 'We have other priorities right now.'],
  },
  {
    key: 'competitor_status_quo',
    name: 'Competitor / status quo',
    description: 'Already use another tool, happy with current process, building in-house',
    examples: ['We already have a tool for this.', 'Our team is building something in-house.'],
  },
  {
    key: 'authority_process',
    name: 'Authority / decision process',
    description: 'Not the decision maker, needs approval, procurement, committee',
    examples: ['I need to get sign-off from my director.', 'This has to go through procurement.'],
  },
  {
    key: 'need_fit',
    name: 'Need / fit',
    description: 'No real need, does not fit workflow, missing feature',
    examples: ['I am not sure we need this.', 'It does not fit how our team works.'],
  },
  {
    key: 'trust_risk',
    name: 'Trust / risk',
    description: 'Unknown vendor, references, fear of failure, bad past experience',
    examples: ['Who else like us uses it?', 'The last rollout like this went badly.'],
  },
  {
    key: 'technical_integration',
    name: 'Technical / integration',
    description: 'Integration with existing systems, implementation effort, data migration',
    examples: ['Does it connect to our existing systems?', 'Moving our data over sounds hard.'],
  },
  {
    key: 'security_compliance',
    name: 'Security / compliance',
    description: 'Security review, SOC 2, GDPR, data residency',
    examples: ['Our security team will need to review it.', 'Where is the data stored?'],
  },
  {
    key: 'contract_terms',
    name: 'Contract / terms',
    description: 'Contract length, lock-in, legal terms, cancellation',
    examples: ['We cannot commit to a multi-year term.', 'Legal will want to change the terms.'],
  },
]

export interface SeedStage {
  name: string
  actions: { key: string; name: string; description: string }[]
}

export const DEFAULT_PIPELINE: { name: string; stages: readonly SeedStage[] } = {
  name: 'New Business',
  stages: [
    {
      name: 'Discovery',
      actions: [
        {
          key: 'identify_pain',
          name: "Identify the prospect's main pain points",
          description: 'Learn which problems the buyer struggles with today and why they matter.',
        },
        {
          key: 'quantify_impact',
          name: 'Quantify the business impact of the problem',
          description: 'Put numbers on the problem: time, money or risk per month or year.',
        },
        {
          key: 'identify_decision_maker',
          name: 'Identify the economic buyer / decision maker',
          description: 'Find out who approves the budget and makes the final decision.',
        },
        {
          key: 'current_solution',
          name: 'Understand the current solution and alternatives',
          description: 'Learn what the buyer uses today and which other options they consider.',
        },
        {
          key: 'agree_next_steps',
          name: 'Agree concrete next steps with a date',
          description: 'End with a next meeting or step on a date the buyer accepts.',
        },
      ],
    },
    {
      name: 'Demo',
      actions: [
        {
          key: 'tailored_demo',
          name: 'Demo the capabilities that address the stated pains',
          description: 'Show the product working on the problems the buyer described.',
        },
        {
          key: 'confirm_budget',
          name: 'Confirm budget is available or how it will be found',
          description: 'Confirm that money is allocated, or where it will come from.',
        },
        {
          key: 'map_decision_process',
          name: 'Map the decision process, criteria and timeline',
          description: 'Learn the approval steps, the decision criteria and when they decide.',
        },
        {
          key: 'identify_champion',
          name: 'Identify an internal champion',
          description: 'Find the person inside who wants this and will argue for it.',
        },
      ],
    },
    {
      name: 'Proposal',
      actions: [
        {
          key: 'send_proposal',
          name: 'Send a written proposal or quote',
          description: 'Send the written proposal or quote with pricing and options.',
        },
        {
          key: 'mutual_action_plan',
          name: 'Agree a mutual action plan to signature',
          description: 'Agree the dated steps both sides take until the contract is signed.',
        },
        {
          key: 'address_objections',
          name: 'Address every open objection',
          description: 'Answer each concern the buyer raised until none is left open.',
        },
      ],
    },
    {
      name: 'Negotiation',
      actions: [
        {
          key: 'agree_terms',
          name: 'Agree commercial terms',
          description: 'Agree price, discount, contract length and payment terms.',
        },
        {
          key: 'security_legal_review',
          name: 'Start security / legal review',
          description: 'Start the security questionnaire or the legal review of the contract.',
        },
        {
          key: 'confirm_signatory',
          name: 'Confirm who signs and when',
          description: 'Confirm the person who signs the contract and the signature date.',
        },
      ],
    },
  ],
}
