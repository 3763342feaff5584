import type { FrameworkTemplate } from '../playbook-types.js'

export const SPICED_TEMPLATE: FrameworkTemplate = {
  key: 'spiced',
  name: 'SPICED',
  description:
    'Diagnoses the customer’s Situation, Pain, Impact, Critical event and Decision to sell around the outcome they need by a date that matters.',
  pipeline_name: 'SPICED pipeline',
  stages: [
    {
      name: 'Situation and pain',
      actions: [
        {
          name: 'Understand the situation',
          description:
            'You know the facts of the customer’s world (team, tools, process, goals) and checked your research with them.',
        },
        {
          name: 'Diagnose the pain',
          description:
            'The customer has named the problem, its cause and who feels it, and agreed it is worth solving.',
        },
      ],
    },
    {
      name: 'Impact',
      actions: [
        {
          name: 'Quantify the rational impact',
          description:
            'The impact of solving the pain is expressed in numbers the customer agrees with, such as revenue, cost or time.',
        },
        {
          name: 'Capture the emotional impact',
          description:
            'You know what solving the pain means for the people involved: stress, reputation, career, team morale.',
        },
      ],
    },
    {
      name: 'Critical event',
      actions: [
        {
          name: 'Identify the critical event',
          description:
            'There is a date with a consequence if missed (a launch, a renewal, a regulation, a board meeting), confirmed by the customer.',
        },
        {
          name: 'Plan back from the critical event',
          description:
            'A mutual plan works back from that date, including implementation time, and the customer has agreed to it.',
        },
      ],
    },
    {
      name: 'Decision',
      actions: [
        {
          name: 'Map the decision criteria and process',
          description:
            'You know who decides, what they judge on and which steps (security, legal, procurement) come before signature.',
        },
        {
          name: 'Confirm the impact with the decision maker',
          description:
            'The person who signs agreed that the impact is worth the investment and that the critical event is real.',
        },
      ],
    },
    {
      name: 'Commit',
      actions: [
        {
          name: 'Present the recommendation',
          description:
            'The proposal restates the situation, pain, impact and critical event in the customer’s words before the price.',
        },
        {
          name: 'Sign in time for the critical event',
          description:
            'The contract is signed early enough to deliver the impact before the critical event.',
        },
      ],
    },
  ],
  objection_types: [
    {
      name: 'No critical event',
      description: 'Nothing makes a decision urgent, so the deal can slip indefinitely',
      examples: [
        'There’s no hard deadline on our side.',
        'We can revisit this whenever.',
        'Next quarter would work just as well.',
      ],
    },
    {
      name: 'Impact unclear',
      description: 'The customer cannot see or measure what solving the pain is worth',
      examples: [
        'I don’t know how we would measure success.',
        'It would help, but I can’t put a number on it.',
      ],
    },
    {
      name: 'Pain not acknowledged',
      description: 'The customer does not agree there is a problem worth solving',
      examples: ['Honestly, things are fine as they are.', 'That isn’t really an issue for us.'],
    },
    {
      name: 'Decision process blocked',
      description: 'Approvals, stakeholders or procurement stop the decision',
      examples: [
        'This needs sign-off from our leadership team.',
        'Procurement hasn’t approved new vendors this year.',
      ],
    },
    {
      name: 'Budget',
      description: 'The investment is not planned or looks too high against the impact',
      examples: ['We didn’t plan for this in the budget.', 'It’s more than we expected to spend.'],
    },
  ],
}
