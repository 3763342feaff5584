import {
  SALES_FRAMEWORK_KEYS,
  type SalesFramework,
  type SalesFrameworkKey,
} from '@dealcoach/contracts/sales-frameworks'

/**
 * What each sales framework offers a team starting out: a pipeline whose stages follow the
 * framework, playbook actions whose descriptions say what good looks like (the engine coaches
 * against them), and the objection types reps meet most often when selling that way. Teams edit
 * everything afterwards; these are starting points, not rules.
 */
type Template = Omit<SalesFramework, 'key'>

// A Record so the compiler insists on one template for every key.
const TEMPLATES: Record<SalesFrameworkKey, Template> = {
  meddic: {
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
        description:
          'The contact blocks or delays a meeting with the person who approves the spend',
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
        description:
          'The problem is acknowledged but tolerated; the cost of doing nothing looks low',
        examples: [
          'It’s annoying, but we manage.',
          'This isn’t really a priority for us this year.',
        ],
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
  },

  meddpicc: {
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
  },

  bant: {
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
  },

  spin: {
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
        description:
          'Benefits were presented before the buyer felt the need, so they ask "so what?"',
        examples: [
          'That’s nice, but why would we need it?',
          'I don’t see what difference that makes for us.',
        ],
      },
      {
        name: 'Problem too small',
        description:
          'The buyer sees the problem as minor because its implications were not explored',
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
  },

  challenger: {
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
        description:
          'The buyer disputes the insight, the data behind it or that it applies to them',
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
  },

  sandler: {
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
        examples: [
          'We’re talking to a few other vendors.',
          'We need three quotes before we decide.',
        ],
      },
      {
        name: 'Missing decision makers',
        description: 'People who decide were not part of the conversation',
        examples: ['My partner has to see this too.', 'The board will make the final decision.'],
      },
    ],
  },

  spiced: {
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
        examples: [
          'We didn’t plan for this in the budget.',
          'It’s more than we expected to spend.',
        ],
      },
    ],
  },

  custom: {
    name: 'Custom',
    description:
      'A general-purpose B2B pipeline from first qualification to signature, to adapt to the way your team already sells.',
    pipeline_name: 'Sales pipeline',
    stages: [
      {
        name: 'Qualification',
        actions: [
          {
            name: 'Confirm fit',
            description:
              'The prospect matches your ideal customer profile and has a problem your product solves.',
          },
          {
            name: 'Find the decision maker',
            description: 'You know who approves the purchase and how your contact relates to them.',
          },
        ],
      },
      {
        name: 'Discovery',
        actions: [
          {
            name: 'Understand the problem',
            description:
              'The prospect has described the problem, what it costs them and what they have tried, and you summarised it back.',
          },
          {
            name: 'Agree success criteria',
            description:
              'You and the prospect have written down what a successful outcome looks like and how it would be measured.',
          },
          {
            name: 'Learn the timeline',
            description: 'You know when the prospect needs a solution, and why that date matters.',
          },
        ],
      },
      {
        name: 'Demo',
        actions: [
          {
            name: 'Tailor the demo',
            description:
              'The demo follows the prospect’s own use case and success criteria instead of a standard tour.',
          },
          {
            name: 'Confirm value after the demo',
            description:
              'The prospect said which parts solve their problem and agreed to a dated next step.',
          },
        ],
      },
      {
        name: 'Proposal',
        actions: [
          {
            name: 'Send a tailored proposal',
            description:
              'The proposal ties the price to the success criteria and the value the prospect agreed on.',
          },
          {
            name: 'Walk through the proposal',
            description:
              'You reviewed the proposal live with the decision maker and answered their questions.',
          },
        ],
      },
      {
        name: 'Negotiation',
        actions: [
          {
            name: 'Resolve the open concerns',
            description:
              'Every remaining objection is listed and answered, and the prospect confirms nothing else blocks the decision.',
          },
          {
            name: 'Trade, don’t give',
            description:
              'Any concession on price or terms was exchanged for something of value, such as a longer term or a faster signature.',
          },
          {
            name: 'Get the signature',
            description: 'The contract is signed and the hand-over to onboarding is scheduled.',
          },
        ],
      },
    ],
    objection_types: [
      {
        name: 'Price',
        description: 'Too expensive, no budget, or cheaper alternatives',
        examples: ['It’s too expensive for us.', 'We don’t have budget for this right now.'],
      },
      {
        name: 'Timing',
        description: 'Not now, other priorities, or no deadline',
        examples: ['Let’s talk again next quarter.', 'We have other priorities at the moment.'],
      },
      {
        name: 'Competition or status quo',
        description: 'Another vendor, an in-house tool or the current process is preferred',
        examples: ['We already use another tool for this.', 'We’re happy with how we do it today.'],
      },
      {
        name: 'Authority',
        description: 'The contact cannot decide alone or needs approvals',
        examples: ['I need to check with my manager.', 'This has to go through procurement.'],
      },
      {
        name: 'Need or fit',
        description: 'The prospect doubts the need or how well the product fits',
        examples: ['I’m not sure we need this.', 'It doesn’t fit the way our team works.'],
      },
      {
        name: 'Trust or risk',
        description: 'Doubts about the vendor, the rollout or the results',
        examples: ['Who else like us is using it?', 'Our last rollout like this went badly.'],
      },
    ],
  },
}

/** Every framework, in the order of SALES_FRAMEWORK_KEYS (the order the questionnaire shows). */
export const SALES_FRAMEWORK_TEMPLATES: readonly SalesFramework[] = SALES_FRAMEWORK_KEYS.map(
  (key) => ({ key, ...TEMPLATES[key] }),
)

export function findSalesFramework(key: SalesFrameworkKey): SalesFramework {
  return { key, ...TEMPLATES[key] }
}
