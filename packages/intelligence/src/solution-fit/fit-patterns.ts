// The rules' cue patterns, run on a sentence's normal form (lower case, contractions
// expanded). Shared by the scoring rules (score-solution-fit.ts) and the choice of quotes
// (fit-quotes.ts).
export const PAIN =
  /\b(?:problem|problems|issue|issues|pain|struggl\w*|manual(?:ly)?|by hand|error|errors|mistake\w*|wrong|late|penalt\w*|fines?|frustrat\w*|waste\w*|slow|broken|pile up|nobody|no one|can not|could not|hard to|difficult|risk\w*|flagged|finding|findings|headache|nightmare|takes (?:me |us )?(?:hours|days|forever)|lost|losing|churn\w*|complain\w*|miss\w*|delay\w*|overrun|angry|not happy|burn\w*|gone|mess|messy|chaos|chaotic|short[- ]staffed|understaffed)\b/
export const QUANTITY_ENTITY = new Set(['MONEY', 'PERCENT', 'DURATION', 'CARDINAL', 'TIME'])
export const IMPACT_UNIT =
  /(?:\$|€|£|\b(?:dollars?|euros?|pounds?|grand|k|hours?|days?|weeks?|months?|percent|%|per (?:week|month|year|shift|day)|a (?:week|month|year)|thousand|hundred|million|people|staff|employees|customers|tickets|orders)\b)/
export const URGENCY =
  /\b(?:deadline|due|by (?:the end|end of|january|february|march|april|may|june|july|august|september|october|november|december|q[1-4]|next)|before (?:the|our|we|next|end|summer|winter|spring|fall|autumn|january|february|march|april|may|june|july|august|september|october|november|december|q[1-4])|expir\w*|sooner is better|as soon as possible|time-sensitive|running out|go-live|go live|launch\w*|opening|open\w* in|start\w* (?:in|on)|target\w*|audit|exam\w*|board|regulator\w*|renewal|expires?|quarter-end|year-end|at the latest|asap|urgent\w*|need (?:it|this) (?:by|before|in place))\b/
// A month, a quarter or a day of the month. "May" the month, not the verb ("we may need it"),
// and an ordinal, not any small number ("we have 12 people").
export const MONTH_OR_DATE =
  /\b(?:january|february|march|april|june|july|august|september|october|november|december|(?:in|by|before|until|end of|early|mid|late) may|may \d|q[1-4]|\d{1,2}(?:st|nd|rd|th))\b/
export const POSITIVE =
  /\b(?:exactly|that is (?:what|the thing)|love|great|amazing|perfect|helps?|need(?:ed)? to see|would (?:help|like)|like that|makes sense|that is (?:good|great|huge)|(?:sounds|looks) (?:good|great))\b/
// The buyer doubting they have the problem at all, or that the product fits it.
export const NEED_DOUBT =
  /\b(?:not sure (?:we|i) (?:have|need|see)|(?:do not|does not) (?:really )?(?:need|see the (?:need|point|problem|value))|not convinced|(?:does not|would not|will not) (?:fit|work for us|work for a)|(?:already|pretty|quite) (?:happy|fine) with|not (?:a|the) (?:problem|priority) for us|tells us what we need)\b/

export const DEFERRAL =
  /\b(?:not (?:now|this year|right now)|next (?:year|fiscal)|no (?:money|budget)|until (?:october|next|after)|on hold|nothing (?:like this )?(?:planned|in)|no rush|not (?:a )?priority)\b/
