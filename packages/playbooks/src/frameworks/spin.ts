import type { FrameworkTemplate } from '../playbook-types.js'

export const SPIN_TEMPLATE: FrameworkTemplate = {
  key: 'spin',
  name: 'SPIN Selling',
  description:
    'Guides discovery through Situation, Problem, Implication and Need-payoff questions so buyers state the value of solving their problem themselves.',
  pipeline_name: 'SPIN pipeline',
  stages: [
    {
      name: 'Preliminaries',
      actions: [
        {
          name: 'Set the purpose of the call',
          description:
            'The buyer agreed at the start why you are talking and that you will ask questions before presenting anything.',
        },
        {
          name: 'Ask focused situation questions',
          description:
            'A few well-researched situation questions established the facts; you did not ask what you could have looked up.',
        },
      ],
    },
    {
      name: 'Problem',
      actions: [
        {
          name: 'Uncover implied needs',
          description:
            'Problem questions led the buyer to name difficulties or dissatisfactions with how things work today.',
        },
        {
          name: 'Confirm the problems matter',
          description:
            'You summarised the problems back and the buyer agreed which ones they care about most.',
        },
      ],
    },
    {
      name: 'Implication',
      actions: [
        {
          name: 'Explore the consequences',
          description:
            'Implication questions made the buyer describe the knock-on effects of the problem on cost, revenue, people or risk.',
        },
        {
          name: 'Size the problem together',
          description:
            'The buyer has put the consequences into numbers or examples that make the problem bigger than the cost of solving it.',
        },
      ],
    },
    {
      name: 'Need-payoff',
      actions: [
        {
          name: 'Let the buyer state the payoff',
          description:
            'Need-payoff questions led the buyer to say in their own words how solving the problem would help them (an explicit need).',
        },
        {
          name: 'Demonstrate capability against explicit needs',
          description:
            'You presented only the benefits that meet the explicit needs the buyer stated, not a tour of every feature.',
        },
      ],
    },
    {
      name: 'Commitment',
      actions: [
        {
          name: 'Check the key concerns are answered',
          description:
            'Before asking for commitment you checked that nothing important to the buyer was left unanswered.',
        },
        {
          name: 'Propose an appropriate commitment',
          description:
            'The buyer agreed to the highest realistic next step (a trial, a meeting with the decision maker, a signature) with a date.',
        },
      ],
    },
  ],
  objection_types: [
    {
      name: 'Value not seen',
      description: 'Benefits were presented before the buyer felt the need, so they ask "so what?"',
      examples: [
        'That’s nice, but why would we need it?',
        'I don’t see what difference that makes for us.',
      ],
    },
    {
      name: 'Problem too small',
      description: 'The buyer sees the problem as minor because its implications were not explored',
      examples: [
        'It’s only a small inconvenience.',
        'We lose a bit of time, but it’s not a big deal.',
      ],
    },
    {
      name: 'Cost outweighs the benefit',
      description: 'The price looks bigger than the problem it solves',
      examples: [
        'That’s a lot of money for what it does.',
        'I’m not sure the savings cover the cost.',
      ],
    },
    {
      name: 'Capability doubts',
      description: 'The buyer doubts the product can do what they need',
      examples: [
        'Can it really handle our volume?',
        'I don’t think that would work with our setup.',
      ],
    },
    {
      name: 'Status quo',
      description: 'Current ways of working feel good enough',
      examples: ['We’ve always done it this way and it works.', 'Our spreadsheet does the job.'],
    },
  ],
}
