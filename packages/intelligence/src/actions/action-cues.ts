// Wording that says an action happened, and wording that promises it for later.
export const COMPLETED_CUE =
  /\b(?:sent|attached|signed|done|confirmed|agreed|reviewed|completed|approved|accepted|went through|as promised|here (?:is|are) the|we did|you showed|that works|works for (?:me|us|him|her|them))\b/
// A commitment by someone to do it later: first person future, or a named day.
export const PENDING_CUE =
  /\b(?:(?:i|we) (?:will|would|am going to|are going to|plan to|can) (?:\w+ ){0,2}(?:send|share|schedule|set up|book|get|put|follow up|prepare|draft|arrange|introduce|start|run|loop|bring|forward|walk)|let us (?:schedule|set up|book|meet|plan|do)|(?:by|on|next|this) (?:monday|tuesday|wednesday|thursday|friday|week|month)|tomorrow|calendar invite|send (?:over|you) )/
