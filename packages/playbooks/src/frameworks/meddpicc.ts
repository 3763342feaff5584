import type { FrameworkTemplate } from '../playbook-types.js'

export const MEDDPICC_TEMPLATE: FrameworkTemplate = {
  key: 'meddpicc',
  name: 'MEDDPICC',
  description:
    'Extends MEDDIC with the Paper process and Competition, for enterprise deals where contracting and rival vendors decide the outcome.',
  pipeline_name: 'MEDDPICC pipeline',
  stages: [
    {
      name: 'Qualification',
      actions: [
        {
          name: 'Identify the pain',
          description:
            'The buyer has described a specific business problem, its cause and its cost, and has agreed that it needs solving.',
        },
        {
          name: 'Find a potential champion',
          description:
            'Someone with influence and a personal stake in the outcome has done something for you, such as sharing an internal document or arranging a meeting.',
        },
      ],
    },
    {
      name: 'Metrics and economic buyer',
      actions: [
        {
          name: 'Quantify the metrics',
          description:
            'A measured baseline and target are written down and confirmed by the buyer, so the business case uses their numbers.',
        },
        {
          name: 'Meet the economic buyer',
          description:
            'The person who controls the budget has confirmed the priority, the metrics and their own criteria for saying yes.',
        },
      ],
    },
    {
      name: 'Criteria and competition',
      actions: [
        {
          name: 'Map the decision criteria',
          description:
            'The technical, business and commercial criteria are written and ranked, and at least one favours your strengths.',
        },
        {
          name: 'Map the competition',
          description:
            'You know every alternative being considered, including doing nothing or building in-house, and why each might win.',
        },
        {
          name: 'Differentiate on what matters',
          description:
            'The buyer can say in their own words why you are the better choice on the criteria they ranked highest.',
        },
      ],
    },
    {
      name: 'Decision process',
      actions: [
        {
          name: 'Map the decision process',
          description:
            'Every step from technical validation to approval is known, with owners and dates, and confirmed by the champion.',
        },
        {
          name: 'Agree a mutual action plan',
          description:
            'A dated plan worked back from the buyer’s go-live date is shared and both sides are keeping to it.',
        },
      ],
    },
    {
      name: 'Paper process',
      actions: [
        {
          name: 'Map the paper process',
          description:
            'You know who reviews the contract (legal, security, procurement), the order they do it in, and how long each usually takes.',
        },
        {
          name: 'Start security and legal reviews early',
          description:
            'Security questionnaires and contract redlines began before the final proposal, so they do not delay the signature.',
        },
        {
          name: 'Agree commercial terms',
          description:
            'Price, term and payment conditions are agreed with procurement, with each concession traded for something in return.',
        },
      ],
    },
    {
      name: 'Close',
      actions: [
        {
          name: 'Confirm the champion is still selling',
          description:
            'The champion has confirmed the internal support is intact and no new stakeholders or objections have appeared.',
        },
        {
          name: 'Get the signature',
          description:
            'The contract is signed on the planned date, and the hand-over to onboarding is scheduled.',
        },
      ],
    },
  ],
  objection_types: [
    {
      name: 'Value not quantified',
      description: 'The return is unclear or unproven in the buyer’s own numbers',
      examples: [
        'I don’t see how this pays for itself.',
        'Can you show me the ROI for a company our size?',
      ],
    },
    {
      name: 'No access to the economic buyer',
      description: 'The budget holder is shielded or unknown',
      examples: ['Leave the budget conversation to me.', 'Our CFO doesn’t take vendor meetings.'],
    },
    {
      name: 'Competitor preferred',
      description:
        'Another vendor, an in-house build or the status quo is the favourite, or is being used for leverage',
      examples: [
        'The other vendor is already doing a pilot with us.',
        'Our engineers think they could build this themselves.',
        'Your competitor came in 30% cheaper.',
      ],
    },
    {
      name: 'Paper process delays',
      description: 'Legal, security or procurement steps threaten the timeline or the terms',
      examples: [
        'Procurement needs three quotes before anything is signed.',
        'Our security review takes at least six weeks.',
        'Legal won’t accept your liability clause.',
      ],
    },
    {
      name: 'Unclear decision process',
      description: 'The steps, owners or dates of the decision are unknown',
      examples: [
        'We’ll work out the approvals later.',
        'A committee decides, but I don’t know when it meets.',
      ],
    },
    {
      name: 'Weak champion',
      description: 'The supporter lacks influence or is losing interest',
      examples: ['I’ve done what I can; it’s up to them now.', 'My manager isn’t convinced yet.'],
    },
  ],
}
