// Function words that carry no topic. Negations and modals are kept out of this list on
// purpose: cue patterns read them from the normalised text, not from stems.
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a an the and or but if then so of to in on at by for with from as into about over under
  is are was were be been being am do does did doing have has had having i me my mine we us our
  ours you your yours he him his she her hers it its they them their theirs this that these those
  there here what which who whom whose when where why how all any both each few more most other
  some such only own same than too very just also again further once s t can will would could
  should shall may might must not no nor yes yeah okay ok oh um uh like well really actually
  honestly basically know mean get got go going thing things one lot let want think say said
  make sure right now up out off down still even much many way kind sort maybe`.split(/\s+/),
)
