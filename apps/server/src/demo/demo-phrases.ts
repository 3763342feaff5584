/**
 * The phrase grammar the demo conversations are written from. Placeholders in braces are filled
 * per deal ({product}, {company}, {competitor}, {feature}, {value}, {amount}, {seats}, {weeks},
 * {buyer}, {rep}, {tool}, {team}), so the same template reads differently from deal to deal.
 * All wording here is our own; none of it comes from the engine's evaluation files.
 */

export const OPENINGS = {
  seller: [
    'Hi {buyer}, thanks for making the time today. How has your week been?',
    'Good morning {buyer}, great to finally connect. Did the invite come through all right?',
    'Hello everyone, thanks for joining. I know the end of the quarter is a busy time.',
    'Hey {buyer}, appreciate you squeezing this in between meetings.',
    'Thanks for hopping on, {buyer}. I had a quick look at the agenda you sent over.',
  ],
  buyer: [
    'Happy to be here. It has been a hectic few days, to be honest.',
    'No problem at all, I blocked the full hour for this.',
    'Sure thing. I might have to drop a few minutes early, just so you know.',
    'Glad we could make it work. My colleague will join in a moment.',
    'Thanks {rep}, looking forward to it.',
  ],
}

export const SMALL_TALK = [
  ['seller', 'Are you still working from the {city} office these days?'],
  ['buyer', 'Mostly, yes. Three days a week in the office, the rest from home.'],
  ['seller', 'Did you manage to get any time off over the holidays?'],
  ['buyer', 'A little. We went hiking for a few days, which was lovely.'],
  ['seller', 'I saw {company} was at the trade fair last month, how did that go?'],
  ['buyer', 'Busy stand, lots of conversations. We are still following up on them.'],
  ['buyer', 'Sorry about the background noise, the team next door is celebrating a launch.'],
  ['seller', 'No worries at all. Congratulations to them.'],
] as const

export const DISCOVERY = {
  questions: [
    'What made you start looking at this now rather than next year?',
    'Walk me through how your team builds the weekly forecast today.',
    'Where does the process break down most often?',
    'How much time does the {team} team spend on that each week?',
    'Who else is affected when those numbers are wrong?',
    'What are you using for this at the moment, {tool} or something homegrown?',
    'If you could fix one thing in the next quarter, what would it be?',
    'Who would need to sign off on a project like this?',
    'How do you measure success for the {team} team this year?',
    'What happens if nothing changes over the next six months?',
  ],
  answers: [
    'Honestly, our reps spend most of Monday pulling data out of {tool} into spreadsheets.',
    'We missed the forecast by about {percent} percent last quarter and the board noticed.',
    'Roughly {hours} hours a week across the team, maybe more at month end.',
    'The {team} team keeps two versions of the truth and nobody trusts either of them.',
    'Our new VP wants one view of the pipeline before the planning cycle starts.',
    'We tried building dashboards ourselves, but they were out of date within a month.',
    'Deals slip and we only find out when it is too late to do anything about it.',
    '{economicWithTitle} signs anything above a certain amount, and IT has a say as well.',
    'If we do nothing, we will have to hire another analyst just to keep up.',
    'Mainly reporting accuracy and how quickly new reps get productive.',
  ],
}

export const PITCH = [
  'That is exactly where {product} helps: {value}.',
  'A lot of our customers had the same setup. With {product}, {value}.',
  'Let me show you how {feature} works with data like yours.',
  'The part teams usually like most is {feature}, because {value}.',
  'Compared with what you have now, the big difference is that {differentiator}.',
]

export const PRICING = {
  seller: [
    'For {seats} seats on the annual plan you would be looking at around {amount}.',
    'Pricing is per seat; for a team your size it lands near {amount} a year.',
    'I can put together two options, one for the core team and one for the whole department.',
    'If you sign before the end of the quarter we can include onboarding at no extra cost.',
  ],
  buyer: [
    'Can you send me the numbers in writing so I can share them internally?',
    'What does that include, exactly? Is support extra?',
    'Is there a discount for a multi-year commitment?',
    'That sounds reasonable for what it does.',
  ],
}

export const NEXT_STEPS = {
  good: [
    'Let us book a session with your IT lead next Tuesday at ten; I will send the invite right after this call.',
    'I will send a written summary and the proposal by Thursday, and we meet again on the {day} to go through it.',
    'Next step: a technical deep dive with {buyer} and your data team, and I will share a draft mutual plan before then.',
    'Could we put thirty minutes in the calendar for the {day} with your CFO to walk through the business case?',
  ],
  vague: [
    'Great, I will follow up at some point.',
    'Let me know whenever you are ready to talk again.',
    'Sounds good, we will be in touch.',
  ],
  buyerAccept: [
    'That works for me, send the invite.',
    'Sure, the {day} is fine.',
    'Okay, I will make sure the right people are there.',
  ],
}

export const CLOSINGS = {
  seller: ['Thanks again, {buyer}. Talk soon.', 'Appreciate your time today, have a good one.'],
  buyer: ['Thanks {rep}, bye for now.', 'Great, speak soon.', 'Thank you, this was helpful.'],
}

/** Per default objection type (keys from @dealcoach/playbooks): how buyers raise it and how reps answer. */
export interface ObjectionPhrases {
  explicit: string[]
  implicit: string[]
  goodHandling: string[]
  poorHandling: string[]
}

/**
 * How a buyer may lead into an objection or go on after it, so that a type's few wordings read as
 * many across a workspace's hundreds of deals rather than as the same sentence again.
 */
export const OBJECTION_LEAD_INS = [
  'Honestly,',
  'To be frank,',
  'Look,',
  'I have to say,',
  'To be honest with you,',
  'Well,',
]
export const OBJECTION_FOLLOW_ONS = [
  'I would rather say that now than later.',
  'That is where we are at the moment.',
  'I want to be upfront about that.',
  'That is the honest picture.',
]

export const OBJECTIONS: Record<string, ObjectionPhrases> = {
  price_budget: {
    explicit: [
      'Frankly, {amount} is more than we set aside for this.',
      'That price is well above what I can get approved this year.',
      'We simply do not have budget for something at that level.',
    ],
    implicit: [
      'I will have to see what is left in the pot after the hiring freeze.',
      'Our finance team has been asking us to cut every line item lately.',
      'Let me check whether that fits the envelope we were given.',
    ],
    goodHandling: [
      'Understood. If {product} saves the {hours} hours a week you mentioned, it pays for itself within a quarter; shall I put those numbers in a one-page business case for your CFO?',
      'That is fair. We could start with the core team of {seats} seats and expand once you see the return. Would a phased start help with the budget cycle?',
    ],
    poorHandling: [
      'Well, that is our list price, it is what everyone pays.',
      'I can probably knock ten percent off if that helps.',
    ],
  },
  timing_priority: {
    explicit: [
      'This is not a priority for us until next year.',
      'The timing is just wrong, we are in the middle of a reorganisation.',
      'Can we revisit this in six months?',
    ],
    implicit: [
      'We have a lot of other projects competing for attention right now.',
      'Things are pretty hectic until the migration is finished.',
      'My team is stretched thin with the product launch this quarter.',
    ],
    goodHandling: [
      'That makes sense. What would it cost you to wait two more quarters with the forecast misses you described? If it helps, the rollout takes about {weeks} weeks and needs very little of your team.',
      'I hear you. Would it help if we planned the start for after the migration and agreed the dates now, so nothing lands on your team during the busy period?',
    ],
    poorHandling: [
      'Okay, no problem, I will check back later then.',
      'Sure, just ping me when things calm down.',
    ],
  },
  competitor_status_quo: {
    explicit: [
      'We are already talking to {competitor} about the same thing.',
      'Honestly, our current setup with {tool} works well enough.',
      'Why would we switch when {competitor} is cheaper?',
    ],
    implicit: [
      'The team is quite used to the spreadsheets by now.',
      'Someone in our group already uses a different vendor for this.',
      'I am not sure people want to learn yet another tool.',
    ],
    goodHandling: [
      'Good that you are comparing. Teams who evaluated {competitor} alongside us usually chose us because {differentiator}. Would a side-by-side on your own data be useful?',
      'That is a fair point, change has a cost. What would have to be true for the team to prefer a new way of working over the spreadsheets?',
    ],
    poorHandling: [
      '{competitor} is really not very good, to be honest.',
      'Well, we are better in every way.',
    ],
  },
  authority_process: {
    explicit: [
      'I am not the one who makes this call, that is up to our CFO.',
      'Any purchase like this has to go through the procurement committee.',
      'I will need to get sign-off from my boss before we go further.',
    ],
    implicit: [
      'I will have to run this by a few people first.',
      'Let me see what leadership thinks about it.',
      'There are a couple of stakeholders who will want a say.',
    ],
    goodHandling: [
      'Of course. Who sits on that committee, and what do they usually need to see? I can prepare a short summary for {economic} and join a call with them if that helps.',
      'Makes sense. Could we map out the approval steps together, so we know who signs and roughly when?',
    ],
    poorHandling: [
      'Okay, just let me know what they say.',
      'Can you not just approve it yourself?',
    ],
  },
  need_fit: {
    explicit: [
      'I am not convinced we actually need this.',
      'It looks great, but I do not see how it fits the way we sell.',
      'Our team is too small for something like this.',
    ],
    implicit: [
      'We have managed so far without anything like it.',
      'I wonder how much of it we would really use.',
      'Most of our deals are quite simple, so I am not sure.',
    ],
    goodHandling: [
      'Fair question. You said deals slip without warning; {feature} flags that a few weeks earlier. If that saved two deals a quarter, would it matter?',
      'Let us test it against your reality: pick three recent deals and we will see what {product} would have shown you.',
    ],
    poorHandling: [
      'Everybody needs this, trust me.',
      'Well, it has lots of features, you will find a use.',
    ],
  },
  trust_risk: {
    explicit: [
      'We have never heard of you, how do I know you will be around in two years?',
      'We had a bad experience with a similar vendor and it burned us.',
      'What if the rollout fails? That would be on me.',
    ],
    implicit: [
      'Do you work with anyone of our size?',
      'The last project like this did not go so well.',
      'I would need to be sure this actually delivers.',
    ],
    goodHandling: [
      'Completely understandable. I can connect you with two customers of your size who rolled out in {weeks} weeks, and we can agree clear success criteria for the first ninety days.',
      'That is a real concern. We offer a pilot with an exit clause, so the risk stays with us until you see results.',
    ],
    poorHandling: ['Do not worry, it will be fine.', 'We have lots of happy customers.'],
  },
  technical_integration: {
    explicit: [
      'Does it integrate with {tool}? Because if not, it is a non-starter.',
      'Our IT team will push back if this needs another data pipeline.',
      'We cannot give a new tool write access to our CRM.',
    ],
    implicit: [
      'Our data is a bit messy, to be honest, spread across several systems.',
      'IT is fairly strict about what we connect to our systems.',
      'I wonder how much work the setup would be for our engineers.',
    ],
    goodHandling: [
      'Yes, there is a native connector for {tool}; it reads only and syncs every fifteen minutes. I can send the technical overview and set up a session with your IT lead.',
      'Good to raise it early. The setup usually takes an afternoon; shall we do a sandbox connection together so IT can see exactly what we access?',
    ],
    poorHandling: [
      'I think it integrates, I would have to check.',
      'Your IT team will figure it out.',
    ],
  },
  security_compliance: {
    explicit: [
      'We need SOC 2 and a signed data processing agreement before anything else.',
      'Where is the data hosted? We cannot have it leave the EU.',
      'Our security team will need to review this in detail.',
    ],
    implicit: [
      'Our legal team is quite particular about customer data.',
      'We had an audit last year, so everyone is a bit nervous.',
      'I assume you have the usual paperwork for this?',
    ],
    goodHandling: [
      'Absolutely. We are SOC 2 Type II certified, host in Frankfurt, and I can send our security pack and DPA today so your team can start the review in parallel.',
      'That is standard for us. Let me introduce our security lead to yours; most reviews finish within two weeks.',
    ],
    poorHandling: [
      'Security is fine, everyone uses us.',
      'I am not sure about that, I will ask someone.',
    ],
  },
  contract_terms: {
    explicit: [
      'A three-year commitment is not something we can sign.',
      'We need net ninety payment terms and a termination clause.',
      'Your liability cap is far too low for our legal team.',
    ],
    implicit: [
      'Legal will probably have a few comments on the contract.',
      'We usually work on our own paper, not the vendor template.',
      'The annual prepayment might be tricky for us.',
    ],
    goodHandling: [
      'We can do an annual term with a renewal option instead. Which clauses matter most to your legal team, so we can address those first?',
      'Understood. Send over your redlines and I will get our legal team on a call this week to work through them.',
    ],
    poorHandling: [
      'The contract is standard, we do not change it.',
      'That is just how our contracts work.',
    ],
  },
}

export const EMAIL = {
  subjects: [
    'Following up on our call',
    'Notes and next steps: {product} for {company}',
    'Proposal for {company}',
    'Quick question about {feature}',
    'Re: security questionnaire',
    'Checking in',
    'Re: pricing options',
    'Agenda for {day}',
  ],
  sellerBodies: [
    'Hi {buyer},\n\nThanks for the conversation today. As discussed, {value}. I have attached a short summary and the pricing for {seats} seats ({amount}).\n\n{nextStep}\n\nBest regards,\n{rep}',
    'Hello {buyer},\n\nJust checking in on the proposal I sent last week. {handling}\n\nLet me know if anything is unclear.\n\nKind regards,\n{rep}',
    'Hi {buyer},\n\nAs promised, here is a one-page overview of {feature}. {nextStep}\n\nThanks,\n{rep}',
  ],
  buyerBodies: [
    'Hi {rep},\n\nThanks for sending this over. {objection}\n\nBest,\n{buyer}',
    'Hello {rep},\n\nI shared the proposal with the team. {objection} Could you comment on that?\n\nRegards,\n{buyer}',
    'Hi {rep},\n\nThe team liked the demo. Can we set up a session with IT next week?\n\nThanks,\n{buyer}',
  ],
}

export const NAMES = {
  first: [
    'Anna',
    'Ben',
    'Carla',
    'David',
    'Elif',
    'Felix',
    'Grace',
    'Hassan',
    'Ines',
    'Jonas',
    'Keiko',
    'Liam',
    'Maya',
    'Nikolai',
    'Olivia',
    'Pedro',
    'Quinn',
    'Rosa',
    'Samir',
    'Tara',
    'Umar',
    'Vera',
    'Wei',
    'Yara',
    'Zoe',
  ],
  last: [
    'Andersen',
    'Becker',
    'Castillo',
    'Dubois',
    'Evans',
    'Fischer',
    'Garcia',
    'Hoffmann',
    'Ito',
    'Jensen',
    'Kowalski',
    'Lambert',
    'Moreau',
    'Nakamura',
    'Okafor',
    'Petrov',
    'Rossi',
    'Schmidt',
    'Tanaka',
    'Weber',
  ],
}

export const COMPANY_PARTS = {
  first: [
    'Blue',
    'Cedar',
    'Harbor',
    'Summit',
    'Iron',
    'Silver',
    'Maple',
    'Granite',
    'Polar',
    'Lumen',
    'Atlas',
    'Vista',
    'Orbit',
    'Pine',
    'Crescent',
    'Nova',
    'Rapid',
    'Bright',
  ],
  second: [
    'Logistics',
    'Health',
    'Foods',
    'Systems',
    'Energy',
    'Retail',
    'Robotics',
    'Finance',
    'Media',
    'Labs',
    'Manufacturing',
    'Travel',
    'Insurance',
    'Software',
  ],
  suffix: ['GmbH', 'Inc.', 'Ltd', 'Group', 'AG', 'SA', 'Co.'],
}

export const CONTACT_TITLES = [
  ['VP of Sales', 'champion'],
  ['Chief Financial Officer', 'economic_buyer'],
  ['Head of Revenue Operations', 'champion'],
  ['IT Director', 'technical_buyer'],
  ['Sales Operations Manager', 'user'],
  ['Chief Revenue Officer', 'decision_maker'],
  ['Procurement Lead', 'procurement'],
  ['Security Officer', 'technical_buyer'],
] as const

export const TOOLS = ['Salesforce', 'HubSpot', 'Pipedrive', 'Excel', 'Dynamics', 'Google Sheets']
export const TEAMS = ['sales', 'revenue operations', 'finance', 'customer success']
export const CITIES = ['Berlin', 'Lyon', 'Dubai', 'Boston', 'Madrid', 'Amsterdam', 'Vienna']
export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']

/**
 * Per playbook action (by name): how a rep works on it and how the buyer answers, so deals that
 * reached a stage discuss its actions. A line pair is [seller, buyer].
 */
export const ACTION_TALK: Record<string, readonly (readonly [string, string])[]> = {
  'Identify an internal champion': [
    [
      'Who on your side is pushing hardest for this and would help us make the case internally?',
      'That would be me. I will champion it with the leadership team and share the business case with them.',
    ],
  ],
  'Agree a mutual action plan to signature': [
    [
      'Shall we agree a mutual action plan to signature: security review by the {day}, legal the week after, then the signature?',
      'Yes, agreed. We will work to that plan.',
    ],
  ],
  'Agree commercial terms': [
    [
      'On the commercial terms: {amount} a year, a two-year term and annual payment. Can we agree on that?',
      'Agreed. Those terms work for us.',
    ],
  ],
  'Start security / legal review': [
    [
      'I will send our security questionnaire answers and the data processing agreement today, so your security and legal review can start.',
      'Great. Our security team has started the review and legal is already reading the agreement.',
    ],
  ],
  'Confirm who signs and when': [
    [
      'Who signs the contract on your side, and when?',
      '{Economic} signs it, and we expect the signature by the end of next week.',
    ],
  ],
  'Review adoption with the customer': [
    [
      'Let us review adoption first: which features does the {team} team rely on, and where is usage low?',
      'They use {feature} every day. Usage of the reporting pack is still low, to be honest.',
    ],
  ],
  'Find new teams with the same problem': [
    [
      'Which other departments or regions struggle with the same problem, and who leads them?',
      'Our partner sales team has exactly the same problem. Their head of sales asked me about {product} last week.',
    ],
  ],
  'Quantify results so far': [
    [
      'Can we put numbers on what {product} has changed so far, in hours saved or forecast accuracy?',
      'Yes. The {team} team saves about {hours} hours a week, and forecast accuracy is up {percent} percent since the rollout.',
    ],
    [
      'What results have you seen since the rollout? Any figures on time saved or revenue protected?',
      'We measured it last month: {hours} hours a week saved and two slipping deals caught early, worth about {amount}.',
    ],
  ],
  'Agree the expansion scope': [
    [
      'So the expansion scope would be the {team} team, {seats} more seats, starting next quarter, approved by {economic}. Is that agreed?',
      'Yes, agreed. That is the scope, and {economic} approves it.',
    ],
  ],
  'Confirm the signatory': [
    [
      'Who signs the order form for the added seats, and when?',
      '{Economic} signs the order form, this month.',
    ],
  ],
  'Check customer health': [
    [
      'Before we talk about the renewal: how satisfied is the team with {product}, and were the goals from the start met?',
      'We are satisfied overall: the goals we set at the start were met. What is missing is an export to our planning tool.',
    ],
    [
      'On a scale of one to ten, how happy are you with {product} this year, and what is missing?',
      'An eight. The customer team is satisfied and the goals were met; only the mobile reports are missing.',
    ],
  ],
  'Surface renewal risks': [
    [
      'Let me ask openly: any budget cuts, a competitor you are evaluating or a change of decision maker we should know about?',
      'Fair question. Budgets are under review and {competitor} approached our new VP, so the renewal is not automatic.',
    ],
  ],
  'Agree the renewal terms': [
    [
      'To confirm the renewal terms: twelve months at {amount}, paid quarterly, and {economic} signs. Are we agreed?',
      'Yes, agreed. Those terms work for us and {economic} will sign this week.',
    ],
  ],
}
