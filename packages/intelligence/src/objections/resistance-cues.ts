// General cue lexicon for buyer resistance, written against the normalised sentence
// (lower case, contractions expanded: "can not", "do not", "i am"). Each cue names the broad
// concepts it evokes, which feed type classification alongside the sentence's own words.
export interface ResistanceCue {
  id: string
  pattern: RegExp
  weight: number
  concepts: readonly string[]
  // A negator just before the match ("not worried", "never too expensive") cancels the cue.
  negatable: boolean
}

const NEG =
  '(?:can not|could not|will not|would not|do not|does not|did not|am not|are not|is not|was not|were not|have not|has not|should not|not|never)'

function cue(
  id: string,
  source: string,
  weight: number,
  concepts: readonly string[],
  negatable = false,
): ResistanceCue {
  return { id, pattern: new RegExp(source), weight, concepts, negatable }
}

export const RESISTANCE_CUES: readonly ResistanceCue[] = [
  cue(
    'refusal',
    `\\b${NEG} (?:really |just |even |be able to |go ahead and |want to |going to )?(?:afford|justify|sign|accept|agree to|commit|switch|change|pay|spend|approve|take on|donate|give (?:any|away|up|more|money)|go (?:that|so|any) (?:high|low|far)|go (?:higher|lower|above|below|any ?more)|do (?:it|that|this|so|more|business)|see (?:why|the (?:point|value|need)|myself|us|that|doing|it)|move forward|proceed|go through|work for us|make (?:a )?(?:donation|commitment|decision)|waste)\\b`,
    1,
    [],
  ),
  cue(
    'cannot-accept',
    `\\bnot something (?:we|i) (?:can|could|would|will) (?:sign|accept|agree to|commit to|approve|justify|afford)\\b`,
    1,
    [],
  ),
  cue('not-want', `\\b(?:i|we) (?:do not|really do not) (?:want|need|like|feel like)\\b`, 0.9, [
    'need',
  ]),
  cue(
    'not-state',
    `\\b(?:unwilling|not (?:really |totally |entirely |100 % |quite |fully )?(?:willing|to sure|too sure)|not (?:really |totally |entirely |100 % |quite |fully )?(?:sure(?! (?:what|if i|i understand|how|where|who|when|which|that i have))|convinced|interested|ready|comfortable|keen|optional|worth|in (?:the|our|my) budget|a (?:priority|fit|good fit)|confident|a fan|excited|going to (?:work|happen|fly|pay|donate|give))\\b)`,
    0.9,
    [],
  ),
  // "It is not much money" says a sum is small, not that money is lacking.
  cue(
    'no-resource',
    `\\b(?:(?:no|zero|(?<!\\b(?:it|that|this) is )not much|not (?:enough|any)|little) (?:real )?|(?:do not|does not|did not) have (?:the |a |any |enough |much )?)(?:budget|money|funds|funding|need|staff|people|resources|bandwidth|time|interest|appetite|capacity|headcount|engineers)\\b|\\b(?:budget|funds|money) (?:is|was|are|has been) (?:gone|spent|used up|cut|frozen|exhausted|allocated)\\b`,
    1,
    [],
  ),
  // "When it is too late" tells of the buyer's trouble today (a pain), not of the offer.
  cue(
    'too-much',
    `(?<!\\b(?:when|until|till|before|by the time) (?:it is|it was|it gets|we are|they are) )\\btoo (?:expensive|pricey|costly|much|high|steep|risky|complex|complicated|long|early|soon|busy|big|small|slow|late|good to be true|hard|difficult)\\b`,
    1.1,
    [],
    true,
  ),
  cue(
    'price-judgement',
    `\\b(?:(?:it|that|this|which|price|cost|fee|fees|too|so|very|really|pretty|quite|bit|little|seems|sounds|looks|is|be) (?:expensive|pricey|costly)|overpriced|out of (?:our|my) (?:budget|price range)|cheaper|more than (?:double|twice|we|what|our)|(?:twice|double|half) (?:that|what|as much|the price)|(?:is|are|be|seems|comes to) (?:\\w+ )?higher than|going to be higher|over (?:our|my) budget|(?:hard|difficult|tough) to justify|(?:above|over|beyond) (?:what|anything) (?:i|we) (?:can|could) (?:get approved|approve|justify|spend|afford)|a lot of money|(?:not|never) (?:cheap|affordable))\\b`,
    0.9,
    ['money'],
    true,
  ),
  // What the offer costs next to another ("your quote is a third more than the one we have",
  // "pricier than the others"). The subject is the offer's price, not the buyer's own costs,
  // whose rise is a pain ("our costs are higher than last year"). No buyer sentence of the
  // eval files words a comparison so (cross-validation is unchanged, the model the same); it
  // is there for calls that do, where the lexicon otherwise scored such a sentence 0.
  cue(
    'price-comparison',
    `\\b(?:(?:your |the |this |that )(?:quote|price|prices|pricing|offer|proposal|subscription|licen[cs]e fee)s? (?:is|are|comes? in|seems|looks|works out) (?:\\w+ ){0,4}(?:more|higher|dearer|pricier) than|(?:more|much) (?:expensive|pricey|costly) than|(?:pricier|dearer|costlier) than)\\b`,
    0.9,
    ['money'],
    true,
  ),
  cue(
    'worry',
    `\\b(?:worried|worry|worries|concern|concerned|concerns|afraid|scared|scares|nervous|hesitant|skeptical|sceptical|wary|uneasy|doubt|doubts|fear|fears|uncomfortable|bothers me|the (?:problem|issue|catch|thing) (?:i see|is)|my (?:problem|issue|worry) is)\\b`,
    0.8,
    ['trust'],
    true,
  ),
  cue(
    'status-quo',
    `\\b(?:(?:already|currently) (?:use|have|pay|work with|using|donate|give|support|run)|(?:happy|fine|satisfied|content) with (?:our|the|what|my|how)|in-house|in house|build (?:it|this|that) ourselves|(?:can|could|will|would|might) (?:just |probably |easily )?(?:\\w+ ){1,3}ourselves|stick with|stay (?:put|with)|(?:works|working) (?:fine|well|for us)|(?:my|our) (?:\\w+ )?(?:process|system|routes|way|setup|tool) (?:works|is working|is fine)|why (?:would|should|would not|do) (?:i|we) (?:not )?(?:just|switch|change|pay|bother))\\b`,
    0.9,
    ['incumbent'],
  ),
  // Having to go to work or to bed after a call is no decision body.
  cue(
    'authority',
    `\\b(?:(?:run (?:it|this|that) by|check with|clear (?:it|this) with|get (?:approval|sign-off|sign off) from|loop in) (?:my|our|the) \\w+|need(?:s)? (?:approval|sign-off|sign off)|(?:have|has|need|needs) to (?:go (?:through|to(?! (?:work|bed|school|sleep|lunch|dinner|class)\\b)|out to)|get (?:it )?approved|be approved)|not (?:my|the) (?:decision|call)|not the (?:one|person) (?:who|that) (?:makes|decides|signs|approves)|(?:that|it|this) is up to (?:my|our|the) \\w+|(?:will|would) (?:make|have) the (?:final )?(?:call|decision)|(?:three|multiple|competitive) (?:competitive )?(?:quotes|bids)|formal (?:rfp|solicitation|tender|process))\\b`,
    1,
    ['authority'],
  ),
  // A security or compliance check the buyer says must come first is a hurdle, even when put
  // as a question ("are you ISO 27001 certified?").
  cue(
    'vetting',
    `\\b(?:(?:need|needs|have|has|got) to (?:review|vet|check|assess|audit|approve|look at|sign off on) (?:your |the |our )?(?:security|compliance|data protection|privacy|certifications?)|(?:security|compliance|privacy|infosec) (?:review|assessment|questionnaire|audit|sign-?off) (?:first|before)|(?:do|does) you (?:\\w+ )?have (?:a |an |your )?(?:soc ?2|iso 27001|pen test|penetration test)|(?:are|is) you (?:\\w+ )?(?:soc ?2|iso 27001|hipaa|gdpr) (?:compliant|certified))\\b`,
    0.8,
    ['security'],
  ),
  // Weighing another vendor: "we are also talking to <a named vendor>", "evaluating a couple
  // of other tools", "we got a quote from another supplier". "Also looking at" is read only
  // before something that could be a vendor, not a figure or a question ("also looking at
  // 200 sites", "also looking at how we staff it"). Negated, it is no objection ("we are not
  // talking to any other vendors"; the no-alternative suppressor below).
  cue(
    'alternative',
    `\\b(?:(?:also|currently|already|still) (?:looking at|talking to|speaking (?:to|with)|evaluating|trialling|trialing|piloting|in talks with)(?! (?:the|our|my|your|you|how|what|whether|if|when|where|why|which|it|this|that|these|those|ways?|options? for|them|him|her|us|people|someone|somebody|a|an|doing|getting|hiring|moving|about|around|roughly|maybe)\\b| \\d)|(?:evaluating|comparing|considering|looking at|talking to|speaking (?:to|with)|shortlisted|shortlisting) (?:a (?:few|couple of)|several|some|two|three|(?:any )?other|another|different) (?:other )?(?:vendors|providers|suppliers|tools|options|solutions|platforms|products|alternatives)|competing (?:vendors?|products?|offers?|quotes?|bids?|proposals?)|(?:compare|comparing|compared) (?:you|it|this|your \\w+|them) (?:with|to|against)|(?:got|have|had|getting) (?:a |another |some )?(?:quotes?|demos?|proposals?|bids?) from (?:another|other|a different|a competitor|one of))\\b`,
    0.9,
    ['incumbent'],
    true,
  ),
  cue('unknown-vendor', `\\b(?:never|not) heard (?:of|about)\\b`, 0.5, ['trust']),
  cue(
    'authority-body',
    `\\b(?:procurement|rfp|tender|solicitation|bureaucra\\w*|committee)\\b`,
    0.4,
    ['authority'],
  ),
  // Stalls and postponements, including holding off until something is done or read up on
  // ("not until I have looked into them"); "when I think about it" reflects, it does not stall.
  cue(
    'timing',
    `\\b(?:not (?:now|right now|this (?:year|quarter|month|season|time)|yet|at the moment|at this time|today)|next (?:year|quarter|fiscal|spring|summer|fall|autumn|winter|season|budget)|(?:check|come|circle|get) back (?:to me|with me|later|then|to you)|talk (?:again )?in (?:january|february|march|april|may|june|july|august|september|october|november|december|a few|the)|revisit|(?:wait|hold off|pause|holding off) (?:until|till|for|on)|(?:it|this) (?:waits|can wait)|later this year|down the road|(?:other|bigger|higher|competing) priorities|(?:too|really|very|pretty|so) busy|bandwidth|on (?:our|my) plate|take on another|maybe later|some other time|give me (?:a|some|one) (?:minute|moment|time|second|sec|day|week)|let me (?:think|see|sleep|check|look|review|read|consider)|(?<!when (?:i|we|you) (?:really |actually )?)think (?:about|it over|on) (?:it|this|that)|(?:need|have|want|going) to think|get back to you|to ?-? ?do list|(?:i|we) (?:will|might|may|could) (?:certainly |definitely |probably )?(?:review (?:it|this|that)|look into (?:it|this|that)|go back to|read (?:up|more))|after (?:this|the) (?:survey|task|call|season|project|upgrade|launch)|(?:will|would|can) not (?:\\w+ ){0,3}until|(?:do|doing|need to do|have to do|want to do) (?:some|more|further|my own|our own|a bit of|a little) (?:research|homework|digging)|research (?:it|this|them|that) (?:first|more|further))\\b`,
    0.9,
    ['time'],
  ),
  cue(
    'requirement',
    `\\b(?:(?:must|has to|have to|needs to|need to|got to) (?:stay|remain|leave|come out)|can not leave|before (?:we|i) (?:sign|go further|proceed|move forward|commit|donate|decide)|not optional|deal-?breaker|non-negotiable|we need (?:the right|a cap|an annual|a one-year|to see|an?)|needs to go|will not go (?:to|through|forward|anywhere)|requires? (?:a|an|at least|that))\\b`,
    0.8,
    [],
  ),
  // Doubts about the seller or where the money goes, including asking how anyone can make
  // sure of it (information inquiry and source derogation in the persuasion literature). The
  // words before "go to the children" may be figures ("will 90 % of it go to ...").
  cue(
    'trust',
    `\\b(?:(?:nobody|no one|none)(?: \\w+){0,4} heard (?:of|about)|references?|(?:how|how else) (?:do|can|would|will) (?:i|we|you|they) (?:know|be sure|trust|tell|verify|make sure|ensure|guarantee)|legit|legitimate|scam|scams|scammed|fake|fraud|track record|burned|burnt|bad experience|last (?:vendor|provider|tool|software|system|company)|(?:do not|can not|hard to|not) (?:trust|believe)|too good to be true|(?:will|does|do|would) (?:\\S+ ){0,6}(?:go|goes|get|gets|reach|reaches) (?:directly |straight )?to (?:the |a |those |these |each )?(?:child|children|kids|people|cause|intended|needy|victims)|(?:would|need to|have to) see (?:it|that|this|proof) (?:to|before|first)|(?:hard|difficult|impossible) to (?:ensure|know|tell|verify|be sure)|(?:do not|did not) (?:really )?know (?:much|enough|too much|to much|anything|a lot) about|(?:i|we) (?:sometimes |often |always )?question (?:charities|whether|if|the|how|their|your)|(?:where|how) (?:does|do|will) (?:the|my|our) (?:money|donation|funds?) (?:go|end up))\\b`,
    0.9,
    ['trust'],
  ),
  cue(
    'need',
    `\\b(?:(?:do not|does not|did not) (?:really )?(?:see|need|have) (?:the|a|any|much|why)(?: real)? (?:need|point|reason|use|value|benefit)|(?:not|no) (?:a|the|any|real) (?:need|problem|priority|fit)|not (?:for|relevant to|applicable to|meant for) us|(?:does not|do not|would not|will not|might not) (?:fit|work for|apply|make sense)|(?:does not|do not|will not) work for (?:us|a|our)|(?:is|are) missing|lacks?|lacking|(?:does not|can not) (?:have|support|do|handle|include)|not necessary|unnecessary|what (?:would|do) (?:i|we) need (?:it|this|that) for|(?:i|we) (?:am|are) (?:ok|okay|fine|good) (?:for now|thanks|thank you|with what)|i think i am (?:ok|okay|fine|good)|not (?:convinced )?(?:it|this|that) (?:would|will) work)\\b`,
    0.9,
    ['need'],
  ),
  cue(
    'tentative',
    `\\b(?:might|maybe|perhaps|probably|possibly|consider|could) (?:\\w+ ){0,3}(?:donate|donating|buy|buying|sign|purchase|commit|go ahead|give)\\b`,
    0.7,
    ['time'],
  ),
  cue(
    'hesitance',
    `\\b(?:maybe|might|perhaps|unsure|(?:i|we) do not know|we will see|i guess|possibly|probably not|hmm+|i suppose|not sure|still deciding|undecided|on the fence)\\b`,
    0.5,
    ['time'],
  ),
  cue(
    'counter-offer',
    `\\b(?:(?:i|we) (?:can|could|would|will|am willing to|are willing to|would be willing to|can only|could only) (?:offer|pay|do|go|give)|how about|what about|would you (?:take|do|accept|consider|go|be willing)|can you (?:do|go|take|come down|lower|drop|knock|throw in|include)|(?:come|go) down|lower (?:the|your|it)|drop (?:the|your|it)|knock (?:off|it)|best price|lowest|meet (?:me )?in the middle|split the difference|final offer|take it or leave it|throw in|willing to pay|my (?:budget|max|maximum|limit) is)\\b`,
    0.3,
    ['money'],
  ),
  cue(
    'price-high',
    `\\b(?:(?:price|cost|rent|fee|fees|it|that|this|which|rate)\\s+(?:is|seems|sounds|looks|are)\\s+(?:still\\s+)?(?:(?:a (?:bit|little)|way|kind of|too|really|very|pretty|quite|rather|so|way way|a tad|somewhat)\\s+)*(?:high|steep|much|a lot(?= (?:for|of money|to pay|to spend)| ?[.!?,]| ?$)|expensive|pricey|more than)|over ?priced|(?:price|cost) (?:is|is still|becomes) (?:an? )?(?:issue|problem|concern)|(?:is|seems) (?:a (?:bit|little) )?(?:high|much) for (?:me|us|my|our))\\b`,
    1,
    ['money'],
    true,
  ),
  cue(
    'haggle',
    `\\b(?:room (?:for|to) (?:negotiat\\w*|move)|negotiat\\w* (?:on |with )?(?:the |your )?(?:price|rent|cost)|(?:go|come|get) (?:any |a (?:bit|little) )?lower|come down|lower (?:the|your) (?:price|rate|rent)|best (?:deal|price|you can do|offer)|(?:any|a) discount|(?:any|a little|a bit) lower|knock (?:off|some)|cut (?:me )?a deal|work (?:with me )?on the price|throw (?:in|it in)|free (?:delivery|shipping|installation)|(?:is|are) you (?:\\w+ )?(?:flexible|willing to (?:negotiate|lower|come down|go lower)))\\b`,
    1,
    ['money'],
  ),
  cue(
    'offer-figure',
    `\\b(?:(?:i|we) (?:\\w+ )?(?:offer|offering|pay|give|spend|take it)|(?:could|can|will|would) you (?:\\w+ )?(?:do|take|accept|go|give|sell|let)|how about|what about|what do you (?:say|think)|(?:does|would|will|could) .{0,20}work for you|is that (?:ok|okay|fair|alright)|thinking (?:more |towards |around |about |of |like )|(?:will|would|could|can) you (?:\\w+ )?(?:take|accept|do|go|be open)|(?:make|submit) (?:you )?(?:an|my) offer|an offer of|(?:i|we) (?:would|am|are) (?:like|willing|able|hoping) to (?:pay|offer|spend|do|go)|how (?:bout|abour|abt)|hoping (?:for|to pay|to get)|the most (?:i|we) can|(?:i|we) (?:can|could) (?:only )?do|work for you|(?:you have|it is|we have|we got) a deal|i only have)\\b`,
    0,
    ['money'],
  ),
  cue(
    'quality-doubt',
    `\\b(?:condition|scratch\\w*|dents?|dings?|damage\\w*|accidents?|stains?|smok\\w*|broken|defect\\w*|wear and tear|leaks?|cracks?|cracked|rust|issues with|problems with|wrong with|still work\\w*|working (?:properly|fine)|tested|how old|is it clean|pests?|bugs|repairs?|mileage|title|papers|cords|needs (?:a )?new|legitimacy)\\b`,
    0.5,
    ['trust'],
  ),
  cue(
    'challenge',
    `\\b(?:why (?:would|should|do|does) (?:i|we|it|that|this|you)|what makes (?:you|it|this)|how (?:is|are) (?:that|this|you) (?:different|better)|what guarantee|what happens (?:if|when)|(?:are|have|do|did|would|will) you (?:\\w+ ){0,3}(?:donat\\w*|give|giving|sponsor\\w*|use (?:it|this)|buy|choose)|(?:are|do) you (?:\\w+ )?(?:work for|connected (?:with|to)|affiliated|paid by|get paid))\\b`,
    0.6,
    ['trust'],
  ),
  cue(
    'hardship',
    `\\b(?:(?:i am|we are|i have been) (?:\\w+ ){0,2}(?:broke|poor|struggling|unemployed|short)|(?:not easy|hard|difficult|tough) for (?:me|us) to (?:give|pay|afford|spend|donate)|nothing (?:i|we) can do|(?:keep|hold on to|save) (?:the|my|this|our) (?:money|payment|reward|cash|bonus|budget)|(?:with|as) (?:i|we) (?:choose|see fit|please)|(?:money|things|budget|finances) (?:is|are) (?:\\w+ )?tight|(?:need|needs) (?:the|my|this|that|every) (?:money|penny|dollar|cent)|pay (?:my|the|our) bills|(?:tough|hard|difficult) (?:financial|situation|time)|(?:do not|did not) (?:usually |really |always )?have (?:any |the |much |a lot of |a ton of |extra |spare |enough )*(?:extra |spare )?(?:money|cash|funds)|tight on money|on a budget|(?:i|we) (?:only|just) have|(?:do not|did not) have (?:that|this) much)\\b`,
    1,
    ['money'],
  ),
  // The buyer's own way of giving or buying, also with the habit word first ("normally we
  // give to ...").
  cue(
    'personal-choice',
    `\\b(?:(?:i|we) (?:usually|typically|normally|generally|prefer to|tend to|always|regularly|already|rather) (?:\\w+ ){0,2}(?:donate|give|support|buy|use|work|go|choose|pick|do|make)|(?:usually|typically|normally|generally|regularly) (?:i|we) (?:\\w+ )?(?:donate|give|support|contribute)|(?:i|we) (?:would|had) rather|(?:choose|pick|do) (?:my|our) own|my own (?:charit\\w*|choice|research|way)|(?:local|other) (?:charities|charity|causes|vendors|options)|(?:many|plenty of|lots of) (?:other )?(?:charities|options|vendors|alternatives|providers|tools|choices)|(?:i|we) prefer)\\b`,
    0.8,
    ['incumbent'],
  ),
  // Offering to give nothing ("I'd give zero", "donate $0") is a refusal worded as a pledge.
  cue(
    'zero-gift',
    `\\b(?:donat\\w*|give|giving|contribut\\w*|pledg\\w*|spare) (?:(?:nothing|zero)(?: dollars| cents)?|\\$ ?0(?![.,]?\\d)|0 (?:dollars|cents))`,
    1,
    [],
  ),
  // Asking what the people at the top are paid, directly or as "I wonder how much ...", doubts
  // where a gift or a fee really goes (source derogation in the persuasion literature).
  cue(
    'overhead-doubt',
    `\\bhow much (?:(?:do|does|did|will) )?(?:the |their |its |your |that )?(?:ceo|ceos|chief executives?|executives?|director|directors|founders?|president|management|bosses|owners?) (?:\\w+ )?(?:make|makes|earn|earns|get paid|takes? home|pays? themselves)\\b`,
    0.9,
    ['trust'],
  ),
  cue('flat-no', `^(?:no|nope|nah|not really)\\b`, 0.5, []),
]

export interface Suppressor {
  id: string
  pattern: RegExp
  weight: number
}

// Patterns that show the buyer is not resisting even though cue words occur: the concern is
// negated ("cost is not really the issue"), put in someone else's mouth ("you might think it
// is expensive"), or the buyer is agreeing.
export const RESISTANCE_SUPPRESSORS: readonly Suppressor[] = [
  {
    id: 'negated-issue',
    pattern: new RegExp(
      `\\b(?:(?:is|are|was|be) not|not|never|no longer|hardly) (?:really |actually |much of |that much of |too much of |that big of |a big |the main |our )?(?:a |an |the )?(?:big |main |real )?(?:issue|problem|concern|worry|blocker|obstacle|deal-?breaker|dealbreaker|priority for (?:me|us) to (?:worry|fight))\\b|\\bno (?:real |big )?(?:concern|concerns|problem|problems|issue|issues|worries|objection|objections)\\b|\\b(?:does not|do not|did not) (?:really )?(?:matter|worry me|bother me|concern me|bother us)\\b|\\bnot (?:too |that |really |very )?(?:worried|concerned|bothered)\\b|\\b(?:fine|ok|okay|good|comfortable|happy) with (?:the |your )?(?:price|cost|pricing|budget|terms|contract|timing|that)\\b|\\boff (?:my|our|the) list\\b|\\b(?:price|cost|pricing|budget|that|it) (?:is|seems|sounds) (?:fine|ok|okay|reasonable|fair|doable)\\b|\\bnot (?:a|an) (?:issue|problem)\\b`,
    ),
    weight: 1.5,
  },
  {
    id: 'resolved',
    pattern: new RegExp(
      `\\b(?:(?:was|were|had been) (?:\\w+ )?(?:worried|nervous|concerned|afraid|skeptical|sceptical)|(?:is|are|was|got|been) (?:now )?(?:solved|resolved|addressed|covered|handled|sorted)|not (?:a|an|my|our) (?:\\w+ )?(?:concern|worry|issue|problem) any ?more|(?:do not|did not) see (?:a|any) (?:problem|issue)|but (?:that|it|this) (?:could|would|should|might) work)\\b`,
    ),
    weight: 1.5,
  },
  // Saying no other vendor is in the running ("we are not looking at anyone else", "we do not
  // use any other tool") rules the competition out; it does not raise it.
  {
    id: 'no-alternative',
    pattern: new RegExp(
      `\\b(?:(?:not|never|no longer) (?:\\w+ ){0,2}(?:looking at|talking to|speaking (?:to|with)|considering|evaluating|using|working with|in talks with) (?:anyone|anybody|any(?: \\w+)? else|(?:any )?other|another|different)|(?:do not|does not|did not) (?:\\w+ )?(?:use|have|run|need|want) (?:any|another) (?:other )?(?:vendors?|providers?|suppliers?|tools?|options?|solutions?|platforms?|systems?|software)|no (?:other )?(?:competitors?|alternatives?)|(?:nobody|no one|nothing|none) else (?:is|are|in|on)|not shopping (?:around|it around))\\b`,
    ),
    weight: 1.5,
  },
  // A budget the buyer says is in place ("it is approved", "the money is set aside") answers
  // the price question; the year it sits in is no stall. "It is funded" is left out: the
  // prefilter judges each part of a pattern by its shortest word, and with "funded" it chose
  // "it is " as what a sentence must hold, running the pattern on most (pattern-prefilter.ts).
  {
    id: 'budget-in-place',
    pattern: new RegExp(
      `\\b(?:(?:budget|funding|money|spend)(?: \\w+){0,3}(?: 's| is| has been| was| are) (?:already )?(?:approved|allocated|signed off|in place|secured|set aside)|(?:it|that|this) (?:is|'s|has been|was) (?:already )?(?:approved|budgeted|signed off)|(?:approved|allocated) (?:the )?(?:budget|spend|funds?|funding))\\b`,
    ),
    weight: 1.5,
  },
  // Also what "many people would question": others' doubts, not the buyer's.
  {
    id: 'hypothetical',
    pattern: new RegExp(
      `\\b(?:you (?:might|may|could|would|probably|will) (?:\\w+ )?(?:think|say|feel|worry|wonder|be wondering|be thinking|assume|expect|have heard|be worried|be concerned)|some (?:people|customers|folks|teams|clients|buyers|companies) (?:\\w+ )?(?:think|say|feel|worry|ask|wonder|find|believe)|(?:people|customers|clients|others|everyone) (?:often |sometimes |usually |always )?(?:think|say|worry|ask|assume)|(?:a lot of|lots of|many|most|some) people (?:would|might|may|will) (?:question|doubt|wonder|worry|think|say|ask)|what if (?:i|we) told you|hypothetically|let us say|in case you (?:are|were)|if you (?:are|were) (?:worried|concerned|wondering))\\b`,
    ),
    weight: 1.5,
  },
  // Promising to read the proposal with someone by a set day is a next step, not a stall.
  {
    id: 'next-step',
    pattern: new RegExp(
      `\\b(?:i|we) (?:will|can|shall|am going to|are going to) (?:\\w+ ){0,3}(?:review|look at|go through|go over|read|check|discuss|take) (?:\\w+ ){0,6}(?:by|before|on) (?:monday|tuesday|wednesday|thursday|friday|tomorrow|the end of (?:the )?(?:day|week)|end of (?:the )?(?:day|week)|next week)\\b`,
    ),
    weight: 1.5,
  },
  // "I would like to" agrees, unless what follows is keeping, waiting, thinking it over or
  // giving nothing. "I'm in" agrees only as the whole answer: "I'm in a tight spot" does not.
  {
    id: 'agreement',
    pattern: new RegExp(
      `\\b(?:(?:sounds|looks) (?:good|great|fine|perfect|amazing)|that (?:works|would help|helps|is great|is fair|makes sense)|that (?:plan|date|time|proposal|approach|schedule) works|(?:^|yes |okay |ok )agreed|(?<!(?:if|whether|ask me) )(?:i|we) (?:would|will) (?:love|like|be happy|be glad) to(?! (?:keep|hold|save|think|wait|pass|sleep)\\b)(?! (?:\\w+ )?(?:nothing|zero|\\$ ?0)\\b)|happy to|i will take it|count me in|let us do it|(?:i|we) agree|deal|(?:is|are) (?:great|perfect|wonderful|amazing)|(?:i am|i will be) in)\\b`,
    ),
    weight: 0.8,
  },
]
