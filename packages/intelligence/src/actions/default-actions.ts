import type { PipelineConfig } from '@dealcoach/contracts/intelligence'

// The playbook of a new organisation's "New Business" pipeline (eval README). Descriptions
// say what doing the action sounds like, which is what the engine matches conversations to.
export const DEFAULT_PIPELINE: PipelineConfig = {
  stages: [
    { id: 'discovery', name: 'Discovery', position: 0 },
    { id: 'demo', name: 'Demo', position: 1 },
    { id: 'proposal', name: 'Proposal', position: 2 },
    { id: 'negotiation', name: 'Negotiation', position: 3 },
  ],
  actions: [
    {
      id: 'identify_pain',
      stage_id: 'discovery',
      name: "Identify the prospect's main pain points",
      description:
        'Learn the problems, frustrations, manual work, errors and risks the buyer struggles with today: what goes wrong, takes too long, breaks or worries them, and what prompted them to look.',
    },
    {
      id: 'quantify_impact',
      stage_id: 'discovery',
      name: 'Quantify the business impact of the problem',
      description:
        'Put numbers on the problem: hours lost, cost, penalties, revenue at risk, percentages, per week or per year.',
    },
    {
      id: 'identify_decision_maker',
      stage_id: 'discovery',
      name: 'Identify the economic buyer / decision maker',
      description: 'Find out who signs, who approves the budget and who makes the final decision.',
    },
    {
      id: 'current_solution',
      stage_id: 'discovery',
      name: 'Understand the current solution and alternatives',
      description:
        'Learn which tools, vendors, spreadsheets or process they use today and which other options they consider.',
    },
    {
      id: 'agree_next_steps',
      stage_id: 'discovery',
      name: 'Agree concrete next steps with a date',
      description:
        'Schedule the next meeting, call or demo on a specific day and time that the buyer accepts.',
    },
    {
      id: 'tailored_demo',
      stage_id: 'demo',
      name: 'Demo the capabilities that address the stated pains',
      description:
        'Show the product live: share the screen, walk through the screens and features, let them see it work on their own data in a sandbox or trial.',
    },
    {
      id: 'confirm_budget',
      stage_id: 'demo',
      name: 'Confirm budget is available or how it will be found',
      description:
        'Confirm the budget is allocated, the funds are approved or where the money will come from.',
    },
    {
      id: 'map_decision_process',
      stage_id: 'demo',
      name: 'Map the decision process, criteria and timeline',
      description:
        'Learn the approval steps, committee, legal review, procurement, decision criteria and when they will decide.',
    },
    {
      id: 'identify_champion',
      stage_id: 'demo',
      name: 'Identify an internal champion',
      description:
        'Find the person inside who wants it and will advocate for it: they offer to tell, forward, introduce, present or make the case to their boss and team.',
    },
    {
      id: 'send_proposal',
      stage_id: 'proposal',
      name: 'Send a written proposal or quote',
      description: 'Send the written proposal, quote or order form with pricing and options.',
    },
    {
      id: 'mutual_action_plan',
      stage_id: 'proposal',
      name: 'Agree a mutual action plan to signature',
      description:
        'Agree a plan of dated steps to signature: review, legal, contracting, signature date and start.',
    },
    {
      id: 'address_objections',
      stage_id: 'proposal',
      name: 'Address every open objection',
      description: 'Answer each concern the buyer raised until none is left open.',
    },
    {
      id: 'agree_terms',
      stage_id: 'negotiation',
      name: 'Agree commercial terms',
      description: 'Agree price, discount, contract length, renewal and payment terms.',
    },
    {
      id: 'security_legal_review',
      stage_id: 'negotiation',
      name: 'Start security / legal review',
      description:
        'Start the security questionnaire, audit report review, data protection agreement or legal redlines of the contract.',
    },
    {
      id: 'confirm_signatory',
      stage_id: 'negotiation',
      name: 'Confirm who signs and when',
      description: 'Confirm the person who signs the contract and the date of signature.',
    },
  ],
}
