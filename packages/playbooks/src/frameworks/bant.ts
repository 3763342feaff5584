import type { FrameworkTemplate } from '../playbook-types.js'

export const BANT_TEMPLATE: FrameworkTemplate = {
  key: 'bant',
  name: 'BANT',
  description:
    'Qualifies leads early on Budget, Authority, Need and Timeline so reps spend their time on deals that can close.',
  pipeline_name: 'BANT pipeline',
  stages: [
    {
      name: 'Qualification',
      actions: [
        {
          name: 'Confirm the need',
          description:
            'The prospect has named a problem your product solves and explained why it matters to them now.',
        },
        {
          name: 'Confirm the budget',
          description:
            'You know whether money is set aside, roughly how much, and where it comes from, or how it would be found.',
        },
        {
          name: 'Confirm the authority',
          description:
            'You know who makes the final decision and who else influences it, and whether your contact is one of them.',
        },
        {
          name: 'Confirm the timeline',
          description:
            'The prospect has given a date by which they need a solution and the reason for that date.',
        },
      ],
    },
    {
      name: 'Needs analysis',
      actions: [
        {
          name: 'Run a discovery call',
          description:
            'You understand the current process, its costs and the outcome the prospect wants, and have summarised it back to them.',
        },
        {
          name: 'Involve the decision maker',
          description:
            'The person with authority has joined a call or confirmed the need and the budget directly.',
        },
      ],
    },
    {
      name: 'Solution presentation',
      actions: [
        {
          name: 'Demo against the need',
          description:
            'The demo shows only what solves the stated need, using the prospect’s scenario, and they confirmed it does.',
        },
        {
          name: 'Agree the next step with a date',
          description:
            'Every meeting ends with a booked next step that fits the prospect’s timeline.',
        },
      ],
    },
    {
      name: 'Proposal',
      actions: [
        {
          name: 'Send a proposal within budget',
          description:
            'The proposal matches the budget you qualified and ties the price to the need in the prospect’s words.',
        },
        {
          name: 'Review the proposal together',
          description:
            'You walked the decision maker through the proposal live rather than only emailing it, and captured their questions.',
        },
      ],
    },
    {
      name: 'Negotiation and close',
      actions: [
        {
          name: 'Handle the final objections',
          description:
            'Every remaining concern is listed and answered, and the decision maker confirms nothing else stands in the way.',
        },
        {
          name: 'Get the signature',
          description:
            'The contract is signed within the timeline the prospect gave, without unplanned discounts.',
        },
      ],
    },
  ],
  objection_types: [
    {
      name: 'No budget',
      description: 'No money is set aside, or the price is above what the buyer can spend',
      examples: [
        'We don’t have budget for this.',
        'That’s more than we can spend this year.',
        'Budgets are frozen until next quarter.',
      ],
    },
    {
      name: 'Not the decision maker',
      description: 'The contact cannot approve the purchase or needs others to agree',
      examples: ['I’d need to run this by my manager.', 'The final call isn’t mine to make.'],
    },
    {
      name: 'No clear need',
      description: 'The buyer does not see a problem worth solving, or sees a poor fit',
      examples: ['I’m not sure we really need this.', 'Our current process works fine.'],
    },
    {
      name: 'Bad timing',
      description: 'No deadline, or other priorities come first',
      examples: [
        'Call me back in six months.',
        'We have too much going on right now.',
        'There’s no rush on our side.',
      ],
    },
  ],
}
