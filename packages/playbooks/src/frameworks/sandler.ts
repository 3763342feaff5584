import type { FrameworkTemplate } from '../playbook-types.js'

export const SANDLER_TEMPLATE: FrameworkTemplate = {
  key: 'sandler',
  name: 'Sandler',
  description:
    'Uses up-front contracts and honest qualification of Pain, Budget and Decision so both sides agree to a clear yes or no before any presentation.',
  pipeline_name: 'Sandler pipeline',
  stages: [
    {
      name: 'Bonding and up-front contract',
      actions: [
        {
          name: 'Build rapport',
          description:
            'The prospect is relaxed and talking openly; you matched their style rather than pitching.',
        },
        {
          name: 'Set an up-front contract',
          description:
            'Both sides agreed the purpose, time, agenda and that the meeting ends with a clear yes, no or next step.',
        },
      ],
    },
    {
      name: 'Pain',
      actions: [
        {
          name: 'Uncover the real pain',
          description:
            'Questioning went beyond the surface problem to its business and personal impact, as the prospect describes it.',
        },
        {
          name: 'Confirm the commitment to fix it',
          description:
            'The prospect said they want to solve the problem and are willing to invest time and money to do so.',
        },
      ],
    },
    {
      name: 'Budget',
      actions: [
        {
          name: 'Qualify the budget',
          description:
            'You know what the prospect is willing and able to invest, and they reacted to a price range without surprise.',
        },
        {
          name: 'Agree the cost of the problem',
          description:
            'The prospect has compared the cost of the pain with the investment and accepted the comparison.',
        },
      ],
    },
    {
      name: 'Decision',
      actions: [
        {
          name: 'Map the decision process',
          description:
            'You know who decides, how, by when and on what criteria, and that all of them will be at the presentation.',
        },
        {
          name: 'Agree the outcome of the presentation',
          description:
            'Before presenting, the prospect agreed to say yes or no at the end, not "let me think about it".',
        },
      ],
    },
    {
      name: 'Fulfilment',
      actions: [
        {
          name: 'Present only what solves the pain',
          description:
            'The presentation covered only the pains you qualified, and the prospect confirmed each one is solved.',
        },
        {
          name: 'Ask for the decision',
          description:
            'You asked for the decision agreed in the up-front contract and got a clear yes or no.',
        },
      ],
    },
    {
      name: 'Post-sell',
      actions: [
        {
          name: 'Prevent buyer’s remorse',
          description:
            'You asked what could make the buyer back out and dealt with it before leaving the meeting.',
        },
        {
          name: 'Ask for referrals',
          description:
            'The new customer has introduced you to at least one person who faces the same problem.',
        },
      ],
    },
  ],
  objection_types: [
    {
      name: 'Think it over',
      description: 'A stall instead of a yes or no at the end of a meeting',
      examples: [
        'Let me think it over.',
        'We’ll get back to you next week.',
        'It looks good; we just need some time.',
      ],
    },
    {
      name: 'Send me information',
      description: 'A polite brush-off that avoids a real conversation',
      examples: ['Just send me a brochure.', 'Can you email me something to look at?'],
    },
    {
      name: 'Price too high',
      description: 'The investment looks too big against the pain, or against other options',
      examples: ['Your price is too high.', 'I could get something similar for half that.'],
    },
    {
      name: 'Shopping around',
      description: 'The prospect is collecting quotes or using you to benchmark another vendor',
      examples: ['We’re talking to a few other vendors.', 'We need three quotes before we decide.'],
    },
    {
      name: 'Missing decision makers',
      description: 'People who decide were not part of the conversation',
      examples: ['My partner has to see this too.', 'The board will make the final decision.'],
    },
  ],
}
