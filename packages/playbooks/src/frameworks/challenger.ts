import type { FrameworkTemplate } from '../playbook-types.js'

export const CHALLENGER_TEMPLATE: FrameworkTemplate = {
  key: 'challenger',
  name: 'Challenger',
  description:
    'Teaches buyers a new insight about their business, tailors it to each stakeholder and takes control of the decision towards a purchase.',
  pipeline_name: 'Challenger pipeline',
  stages: [
    {
      name: 'Research and warmer',
      actions: [
        {
          name: 'Research the account',
          description:
            'You know the company’s strategy, recent changes and the likely challenges of each stakeholder before the first call.',
        },
        {
          name: 'Build credibility with the warmer',
          description:
            'You opened by describing challenges similar companies face, and the buyer recognised them as their own.',
        },
      ],
    },
    {
      name: 'Reframe',
      actions: [
        {
          name: 'Deliver the commercial insight',
          description:
            'You shared an insight the buyer had not considered that changes how they see their problem, leading towards your strengths.',
        },
        {
          name: 'Quantify the cost of the old view',
          description:
            'Data showed what the problem really costs (the rational drowning), and the buyer accepted the numbers.',
        },
        {
          name: 'Make it personal',
          description:
            'The buyer connected the problem to their own team and work (the emotional impact), not just to "companies like yours".',
        },
      ],
    },
    {
      name: 'New way and solution',
      actions: [
        {
          name: 'Describe the new way',
          description:
            'The buyer agrees on what a better approach looks like before you present your product as the way to get there.',
        },
        {
          name: 'Present the solution',
          description:
            'Your solution is shown as the best way to deliver the new way, tied to the insight and the costs you established.',
        },
      ],
    },
    {
      name: 'Build consensus',
      actions: [
        {
          name: 'Find the mobiliser',
          description:
            'You identified a stakeholder who drives change inside the organisation, not only one who likes you, and they are acting on it.',
        },
        {
          name: 'Tailor the message to each stakeholder',
          description:
            'Each member of the buying group has heard the insight framed around their own goals and risks.',
        },
        {
          name: 'Equip the mobiliser',
          description:
            'The mobiliser has the material (business case, talking points) to win the others over when you are not in the room.',
        },
      ],
    },
    {
      name: 'Take control and close',
      actions: [
        {
          name: 'Lead the buying process',
          description:
            'You proposed the steps to a decision and the buyer is following them, rather than you waiting for them to call.',
        },
        {
          name: 'Hold firm on value',
          description:
            'Pressure on price or scope was met by returning to the value and trading concessions, not giving discounts away.',
        },
      ],
    },
  ],
  objection_types: [
    {
      name: 'Status quo',
      description: 'The buyer sees no reason to change the way they work today',
      examples: [
        'What we have works well enough.',
        'We’ve never had a problem with the current approach.',
      ],
    },
    {
      name: 'Insight rejected',
      description: 'The buyer disputes the insight, the data behind it or that it applies to them',
      examples: [
        'We’re different from the companies in your research.',
        'I don’t believe those numbers.',
        'That’s not what we see in our business.',
      ],
    },
    {
      name: 'No consensus',
      description: 'The buying group disagrees or other stakeholders have not been won over',
      examples: [
        'I’m on board, but finance isn’t.',
        'We need to get the whole team aligned first.',
      ],
    },
    {
      name: 'Price pressure',
      description: 'The buyer demands a discount or compares on price rather than value',
      examples: [
        'We need you to come down on price.',
        'The other vendor is cheaper for the same thing.',
      ],
    },
    {
      name: 'Risk of change',
      description: 'The disruption of changing looks bigger than the benefit',
      examples: [
        'Changing this now would disrupt the whole team.',
        'What if it doesn’t work and we’ve wasted a quarter?',
      ],
    },
  ],
}
