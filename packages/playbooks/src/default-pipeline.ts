import type { DefaultPipeline } from './playbook-types.js'

/**
 * The "New Business" pipeline every new organisation starts with, and the playbook `npm run eval`
 * scores the engine against: action keys are the eval files' labels (shared/eval/README.md).
 * Descriptions say what doing the action sounds like, which is what the engine matches
 * conversations to, so they are also what users see on the action.
 */
export const DEFAULT_PIPELINE: DefaultPipeline = {
  name: 'New Business',
  stages: [
    {
      key: 'discovery',
      name: 'Discovery',
      actions: [
        {
          key: 'identify_pain',
          name: "Identify the prospect's main pain points",
          description:
            'Learn the problems, frustrations, manual work, errors and risks the buyer struggles with today: what goes wrong, takes too long, breaks or worries them, and what prompted them to look.',
        },
        {
          key: 'quantify_impact',
          name: 'Quantify the business impact of the problem',
          description:
            'Put numbers on the problem: hours lost, cost, penalties, revenue at risk, percentages, per week or per year.',
        },
        {
          key: 'identify_decision_maker',
          name: 'Identify the economic buyer / decision maker',
          description:
            'Find out who signs, who approves the budget and who makes the final decision.',
        },
        {
          key: 'current_solution',
          name: 'Understand the current solution and alternatives',
          description:
            'Learn which tools, vendors, spreadsheets or process they use today and which other options they consider.',
        },
        {
          key: 'agree_next_steps',
          name: 'Agree concrete next steps with a date',
          description:
            'Schedule the next meeting, call or demo on a specific day and time that the buyer accepts.',
        },
      ],
    },
    {
      key: 'demo',
      name: 'Demo',
      actions: [
        {
          key: 'tailored_demo',
          name: 'Demo the capabilities that address the stated pains',
          description:
            'Show the product live: share the screen, walk through the screens and features, let them see it work on their own data in a sandbox or trial.',
        },
        {
          key: 'confirm_budget',
          name: 'Confirm budget is available or how it will be found',
          description:
            'Confirm the budget is allocated, the funds are approved or where the money will come from.',
        },
        {
          key: 'map_decision_process',
          name: 'Map the decision process, criteria and timeline',
          description:
            'Learn the approval steps, committee, legal review, procurement, decision criteria and when they will decide.',
        },
        {
          key: 'identify_champion',
          name: 'Identify an internal champion',
          description:
            'Find the person inside who wants it and will advocate for it: they offer to tell, forward, introduce, present or make the case to their boss and team.',
        },
      ],
    },
    {
      key: 'proposal',
      name: 'Proposal',
      actions: [
        {
          key: 'send_proposal',
          name: 'Send a written proposal or quote',
          description: 'Send the written proposal, quote or order form with pricing and options.',
        },
        {
          key: 'mutual_action_plan',
          name: 'Agree a mutual action plan to signature',
          description:
            'Agree a plan of dated steps to signature: review, legal, contracting, signature date and start.',
        },
        {
          key: 'address_objections',
          name: 'Address every open objection',
          description: 'Answer each concern the buyer raised until none is left open.',
        },
      ],
    },
    {
      key: 'negotiation',
      name: 'Negotiation',
      actions: [
        {
          key: 'agree_terms',
          name: 'Agree commercial terms',
          description: 'Agree price, discount, contract length, renewal and payment terms.',
        },
        {
          key: 'security_legal_review',
          name: 'Start security / legal review',
          description:
            'Start the security questionnaire, audit report review, data protection agreement or legal redlines of the contract.',
        },
        {
          key: 'confirm_signatory',
          name: 'Confirm who signs and when',
          description: 'Confirm the person who signs the contract and the date of signature.',
        },
      ],
    },
  ],
}
