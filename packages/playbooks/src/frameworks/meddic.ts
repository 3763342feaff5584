import type { FrameworkTemplate } from '../playbook-types.js'

export const MEDDIC_TEMPLATE: FrameworkTemplate = {
  key: 'meddic',
  name: 'MEDDIC',
  description:
    'Qualifies complex deals on Metrics, Economic buyer, Decision criteria, Decision process, Identified pain and Champion.',
  pipeline_name: 'MEDDIC pipeline',
  stages: [
    {
      name: 'Qualification',
      actions: [
        {
          name: 'Identify the pain',
          description:
            'The buyer has described a specific business problem in their own words, what causes it, who it hurts and what happens if nothing changes.',
        },
        {
          name: 'Find a potential champion',
          description:
            'Someone with influence who gains personally from solving the pain has agreed to a next step, such as introducing you to a colleague.',
        },
      ],
    },
    {
      name: 'Metrics and economic buyer',
      actions: [
        {
          name: 'Quantify the metrics',
          description:
            'You and the buyer agree on a measured baseline and a target (hours, revenue, cost, risk) and the buyer has confirmed the numbers.',
        },
        {
          name: 'Identify the economic buyer',
          description:
            'You know by name who can approve the spend without asking anyone else, and how they measure success.',
        },
        {
          name: 'Meet the economic buyer',
          description:
            'The economic buyer has confirmed in a conversation that the pain is a priority and that the metrics matter to them.',
        },
      ],
    },
    {
      name: 'Decision criteria',
      actions: [
        {
          name: 'Map the decision criteria',
          description:
            'You hold a written list of the technical, business and commercial criteria the buyer will judge by, ranked by importance.',
        },
        {
          name: 'Shape the criteria',
          description:
            'At least one criterion where you are strongest has been added or weighted up, in the buyer’s words, before any competitor comparison.',
        },
        {
          name: 'Prove fit against the criteria',
          description:
            'Each must-have criterion has been shown with the buyer’s own scenario or data, and the evaluators have agreed it is met.',
        },
      ],
    },
    {
      name: 'Decision process',
      actions: [
        {
          name: 'Map the decision process',
          description:
            'Every step from evaluation to signature (security review, legal, procurement, approvals) is known with its owner and date.',
        },
        {
          name: 'Agree a mutual action plan',
          description:
            'A shared, dated plan worked back from the buyer’s go-live date exists, and the champion has agreed to it.',
        },
      ],
    },
    {
      name: 'Proposal and close',
      actions: [
        {
          name: 'Present the business case',
          description:
            'The proposal states return on the buyer’s own metrics, and the champion reviewed it before the economic buyer saw it.',
        },
        {
          name: 'Confirm the economic buyer’s approval',
          description:
            'The economic buyer has said yes to the business case and the price, and the remaining steps are only paperwork.',
        },
        {
          name: 'Get the signature',
          description:
            'The contract is signed on the date in the mutual action plan, with no new conditions added at the last minute.',
        },
      ],
    },
  ],
  objection_types: [
    {
      name: 'Value not quantified',
      description: 'The buyer cannot see or prove the return; the metrics are missing or vague',
      examples: [
        'I can’t see how we would justify this cost.',
        'What kind of return are other customers actually getting?',
        'It sounds nice, but I don’t know what it would save us.',
      ],
    },
    {
      name: 'No access to the economic buyer',
      description: 'The contact blocks or delays a meeting with the person who approves the spend',
      examples: [
        'You don’t need to talk to our CFO, I’ll handle that.',
        'Our VP is too busy for this right now.',
      ],
    },
    {
      name: 'Unclear decision process',
      description: 'Nobody knows, or will say, how the decision is made, by whom and when',
      examples: [
        'We’ll figure out the approval steps once we’ve decided.',
        'I’m not sure who else needs to sign off on this.',
      ],
    },
    {
      name: 'Pain not urgent',
      description: 'The problem is acknowledged but tolerated; the cost of doing nothing looks low',
      examples: ['It’s annoying, but we manage.', 'This isn’t really a priority for us this year.'],
    },
    {
      name: 'Decision criteria favour a competitor',
      description: 'The buyer’s requirements were written around another vendor’s strengths',
      examples: [
        'The other vendor has a feature that is on our requirements list.',
        'Our checklist says it has to run on-premise.',
      ],
    },
    {
      name: 'Weak champion',
      description:
        'The contact likes the product but lacks the influence or will to sell it inside',
      examples: [
        'I like it, but I’m not sure I can push this internally.',
        'I’ll mention it to my boss when the time is right.',
      ],
    },
  ],
}
